-- Display names (issue 22): optional, checked by shatar_protocol::online::normalize_name.
ALTER TABLE players ADD COLUMN name TEXT;

-- An open challenge may be listed in the lobby; a cancelled one can no longer be taken.
ALTER TABLE challenges ADD COLUMN open INTEGER NOT NULL DEFAULT 0;
ALTER TABLE challenges ADD COLUMN cancelled INTEGER NOT NULL DEFAULT 0;

CREATE INDEX challenges_listed ON challenges (created_at)
    WHERE open = 1 AND cancelled = 0 AND game IS NULL;

-- What ended a game beyond the rules' outcomes (JSON EndNote: aborted, abandoned).
ALTER TABLE games ADD COLUMN note TEXT;

-- When `clock` was stored, in milliseconds since the Unix epoch: a correspondence game's
-- side to move is charged for the days since, a restart included.
ALTER TABLE games ADD COLUMN clock_at_ms INTEGER;

-- The proposals waiting for an answer (JSON [[side, proposal], ...]): a correspondence
-- draw offer outlives a restart.
ALTER TABLE games ADD COLUMN proposals TEXT;

CREATE INDEX games_white ON games (white) WHERE outcome IS NULL AND note IS NULL;
CREATE INDEX games_black ON games (black) WHERE outcome IS NULL AND note IS NULL;

-- The clocks just after each move (JSON StoredClock): the `[%clk]` of the PGN, and what a
-- takeback puts back. `draw_offer`: the mover offered a draw with it (2017 art. 9.1.2.b).
ALTER TABLE moves ADD COLUMN clock TEXT;
ALTER TABLE moves ADD COLUMN draw_offer INTEGER NOT NULL DEFAULT 0;
