-- Issue 55: the server under a hostile client.

-- When an open challenge lapses (epoch milliseconds): no one can take it afterwards and the
-- lobby no longer lists it; the server marks it `cancelled = 2` (1: withdrawn). Challenges made before this column get the longest life a new
-- one gets, from now.
ALTER TABLE challenges ADD COLUMN expires_ms INTEGER NOT NULL DEFAULT 0;
UPDATE challenges SET expires_ms = CAST(unixepoch('subsec') * 1000 AS INTEGER) + 14 * 86400000;

-- The lobby's speed (wire::Speed's name), so that the lobby query filters before it limits.
-- Worked out here for the rows before it as Speed::of does: days a move are correspondence;
-- else the first period's base time plus forty of its bonuses.
ALTER TABLE challenges ADD COLUMN speed TEXT NOT NULL DEFAULT 'Classical';
UPDATE challenges SET speed = CASE
    WHEN json_extract(time_control, '$.days_per_move') IS NOT NULL THEN 'Correspondence'
    WHEN json_extract(time_control, '$.periods[0].base_ms') IS NULL THEN 'Classical'
    ELSE CASE
        WHEN json_extract(time_control, '$.periods[0].base_ms') + 40 * COALESCE(
            json_extract(time_control, '$.periods[0].bonus.Increment.ms'),
            json_extract(time_control, '$.periods[0].bonus.SimpleDelay.ms'),
            json_extract(time_control, '$.periods[0].bonus.Bronstein.ms'), 0) < 180000
            THEN 'Bullet'
        WHEN json_extract(time_control, '$.periods[0].base_ms') + 40 * COALESCE(
            json_extract(time_control, '$.periods[0].bonus.Increment.ms'),
            json_extract(time_control, '$.periods[0].bonus.SimpleDelay.ms'),
            json_extract(time_control, '$.periods[0].bonus.Bronstein.ms'), 0) < 480000
            THEN 'Blitz'
        WHEN json_extract(time_control, '$.periods[0].base_ms') + 40 * COALESCE(
            json_extract(time_control, '$.periods[0].bonus.Increment.ms'),
            json_extract(time_control, '$.periods[0].bonus.SimpleDelay.ms'),
            json_extract(time_control, '$.periods[0].bonus.Bronstein.ms'), 0) < 1500000
            THEN 'Rapid'
        ELSE 'Classical'
    END
END;

DROP INDEX challenges_listed;
CREATE INDEX challenges_listed ON challenges (created_at)
    WHERE open = 1 AND cancelled = 0 AND game IS NULL;
CREATE INDEX challenges_waiting ON challenges (challenger)
    WHERE cancelled = 0 AND game IS NULL;
CREATE INDEX challenges_lapsing ON challenges (expires_ms)
    WHERE cancelled = 0 AND game IS NULL;

-- How the game was paired: 'lobby', 'link' (a challenge by its link) or 'rematch'. A game
-- between people who chose each other takes no claim of absence in its first moves
-- (arbiter::endings). Games before this column: from their challenge where it is known.
ALTER TABLE games ADD COLUMN pairing TEXT NOT NULL DEFAULT 'link';
UPDATE games SET pairing = 'lobby'
    WHERE id IN (SELECT game FROM challenges WHERE open = 1 AND game IS NOT NULL);

-- The server's last sign of life (epoch milliseconds), written about once a second: after a
-- crash, a live game's side to move is charged for what it had thought until then, and a
-- game's first-move wait goes on from where it was (arbiter::Table::restore).
CREATE TABLE heartbeat (
    id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
    alive_ms INTEGER NOT NULL
) STRICT;
