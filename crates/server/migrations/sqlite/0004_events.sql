-- Issue 56: club events (tournaments), run online or at the board.

-- An event. Its settings are shatar_protocol::events::EventSettings as JSON. Every change
-- bumps `revision` in a conditional statement (`... WHERE revision = ?`): of two changes
-- made at once from the same revision, one wins and the other is worked out again.
CREATE TABLE events (
    id TEXT PRIMARY KEY NOT NULL,
    director_sha256 BLOB NOT NULL,
    settings TEXT NOT NULL,
    online INTEGER NOT NULL,
    revision INTEGER NOT NULL DEFAULT 0,
    created_ms INTEGER NOT NULL,
    ended_ms INTEGER
) STRICT;

-- The events whose rounds the server may have games to start (Store::events_due, once a
-- second).
CREATE INDEX events_running ON events (id) WHERE online = 1 AND ended_ms IS NULL;

-- Its players, numbered in the order of entry. An online player has its identity.
CREATE TABLE event_players (
    event TEXT NOT NULL REFERENCES events (id),
    number INTEGER NOT NULL,
    name TEXT NOT NULL,
    rating INTEGER NOT NULL,
    club TEXT NOT NULL,
    player TEXT REFERENCES players (id),
    entered_round INTEGER NOT NULL,
    withdrawn_from INTEGER,
    PRIMARY KEY (event, number)
) STRICT, WITHOUT ROWID;

CREATE UNIQUE INDEX event_players_online ON event_players (event, player)
    WHERE player IS NOT NULL;

-- Requested byes and temporary withdrawals (ByeRequest as JSON), for rounds not yet
-- paired when asked.
CREATE TABLE event_byes (
    event TEXT NOT NULL,
    number INTEGER NOT NULL,
    round INTEGER NOT NULL,
    bye TEXT NOT NULL,
    PRIMARY KEY (event, number, round),
    FOREIGN KEY (event, number) REFERENCES event_players (event, number)
) STRICT, WITHOUT ROWID;

-- The rounds paired; online, when their games start (epoch milliseconds).
CREATE TABLE event_rounds (
    event TEXT NOT NULL REFERENCES events (id),
    round INTEGER NOT NULL,
    starts_ms INTEGER,
    PRIMARY KEY (event, round)
) STRICT, WITHOUT ROWID;

-- Each round's boards (`black` NULL: `white` has the pairing-allocated bye) and, online,
-- the game on the server (set once, when the round starts).
CREATE TABLE event_boards (
    event TEXT NOT NULL,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    white INTEGER NOT NULL,
    black INTEGER,
    game TEXT REFERENCES games (id),
    PRIMARY KEY (event, round, board),
    FOREIGN KEY (event, round) REFERENCES event_rounds (event, round)
) STRICT, WITHOUT ROWID;

CREATE UNIQUE INDEX event_boards_game ON event_boards (game) WHERE game IS NOT NULL;

-- The results, appended and never changed nor dropped: a correction is a new line, and the
-- last line of a board is its result. Lichess's tracker's most repeated complaint is results
-- lost when an event ends early; here no statement can lose one.
CREATE TABLE event_results (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    event TEXT NOT NULL REFERENCES events (id),
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    result TEXT NOT NULL,
    reason TEXT,
    source TEXT NOT NULL,
    tie_break_winner TEXT,
    entered_ms INTEGER NOT NULL
) STRICT;

CREATE INDEX event_results_board ON event_results (event, round, board, seq);

CREATE TRIGGER event_results_never_changed BEFORE UPDATE ON event_results
BEGIN
    SELECT RAISE(ABORT, 'a result once entered is never changed: enter a correction');
END;

CREATE TRIGGER event_results_never_dropped BEFORE DELETE ON event_results
BEGIN
    SELECT RAISE(ABORT, 'a result once entered is never dropped');
END;

-- The arbiter's penalties (PenaltyKind as JSON), with their reasons: appended only, too.
CREATE TABLE event_penalties (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    event TEXT NOT NULL REFERENCES events (id),
    number INTEGER NOT NULL,
    round INTEGER NOT NULL,
    penalty TEXT NOT NULL,
    reason TEXT NOT NULL,
    entered_ms INTEGER NOT NULL,
    FOREIGN KEY (event, number) REFERENCES event_players (event, number)
) STRICT;

CREATE INDEX event_penalties_event ON event_penalties (event, seq);

CREATE TRIGGER event_penalties_never_changed BEFORE UPDATE ON event_penalties
BEGIN
    SELECT RAISE(ABORT, 'a penalty once entered is never changed');
END;

CREATE TRIGGER event_penalties_never_dropped BEFORE DELETE ON event_penalties
BEGIN
    SELECT RAISE(ABORT, 'a penalty once entered is never dropped');
END;
