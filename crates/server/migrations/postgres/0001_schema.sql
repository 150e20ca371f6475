-- The schema on PostgreSQL (issue 58): the same tables, columns and meaning as SQLite's
-- migrations 0001 to 0004 together (crates/server/migrations/sqlite/), in one step since
-- no PostgreSQL database older than this exists. What differs, and why:
-- * integers are BIGINT (sqlx reads them as i64, as on SQLite);
-- * flags stay integers (0/1; `cancelled` has a 2), so that each statement's text and the
--   partial indexes' conditions are the same on both backends;
-- * times the database sets itself are TIMESTAMPTZ (SQLite keeps UTC text);
-- * `rowid`, the order of insertion that SQLite gives every table, is an identity column
--   where a statement orders by it (games, challenges), and the results' and penalties'
--   `seq` an identity column;
-- * the append-only triggers raise an exception from a PL/pgSQL function.

CREATE TABLE players (
    id TEXT PRIMARY KEY NOT NULL,
    secret_sha256 BYTEA NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP,
    name TEXT
);

CREATE TABLE games (
    id TEXT PRIMARY KEY NOT NULL,
    rowid BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
    kind TEXT NOT NULL,
    white TEXT NOT NULL REFERENCES players (id),
    black TEXT NOT NULL REFERENCES players (id),
    clock TEXT NOT NULL,
    outcome TEXT,
    created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP,
    ended_at TIMESTAMPTZ,
    note TEXT,
    clock_at_ms BIGINT,
    proposals TEXT,
    pairing TEXT NOT NULL DEFAULT 'link'
);

CREATE INDEX games_unfinished ON games (id) WHERE outcome IS NULL;
CREATE INDEX games_white ON games (white) WHERE outcome IS NULL AND note IS NULL;
CREATE INDEX games_black ON games (black) WHERE outcome IS NULL AND note IS NULL;

CREATE TABLE challenges (
    id TEXT PRIMARY KEY NOT NULL,
    rowid BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
    challenger TEXT NOT NULL REFERENCES players (id),
    kind TEXT NOT NULL,
    time_control TEXT NOT NULL,
    color TEXT NOT NULL,
    game TEXT REFERENCES games (id),
    created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP,
    open BIGINT NOT NULL DEFAULT 0,
    cancelled BIGINT NOT NULL DEFAULT 0,
    expires_ms BIGINT NOT NULL DEFAULT 0,
    speed TEXT NOT NULL DEFAULT 'Classical'
);

CREATE INDEX challenges_listed ON challenges (created_at)
    WHERE open = 1 AND cancelled = 0 AND game IS NULL;
CREATE INDEX challenges_waiting ON challenges (challenger)
    WHERE cancelled = 0 AND game IS NULL;
CREATE INDEX challenges_lapsing ON challenges (expires_ms)
    WHERE cancelled = 0 AND game IS NULL;

CREATE TABLE moves (
    game TEXT NOT NULL REFERENCES games (id),
    ply BIGINT NOT NULL,
    text TEXT NOT NULL,
    played_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP,
    clock TEXT,
    draw_offer BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (game, ply)
);

CREATE TABLE heartbeat (
    id BIGINT PRIMARY KEY NOT NULL CHECK (id = 1),
    alive_ms BIGINT NOT NULL
);

CREATE TABLE events (
    id TEXT PRIMARY KEY NOT NULL,
    director_sha256 BYTEA NOT NULL,
    settings TEXT NOT NULL,
    online BIGINT NOT NULL,
    revision BIGINT NOT NULL DEFAULT 0,
    created_ms BIGINT NOT NULL,
    ended_ms BIGINT
);

CREATE INDEX events_running ON events (id) WHERE online = 1 AND ended_ms IS NULL;

CREATE TABLE event_players (
    event TEXT NOT NULL REFERENCES events (id),
    number BIGINT NOT NULL,
    name TEXT NOT NULL,
    rating BIGINT NOT NULL,
    club TEXT NOT NULL,
    player TEXT REFERENCES players (id),
    entered_round BIGINT NOT NULL,
    withdrawn_from BIGINT,
    PRIMARY KEY (event, number)
);

CREATE UNIQUE INDEX event_players_online ON event_players (event, player)
    WHERE player IS NOT NULL;

CREATE TABLE event_byes (
    event TEXT NOT NULL,
    number BIGINT NOT NULL,
    round BIGINT NOT NULL,
    bye TEXT NOT NULL,
    PRIMARY KEY (event, number, round),
    FOREIGN KEY (event, number) REFERENCES event_players (event, number)
);

CREATE TABLE event_rounds (
    event TEXT NOT NULL REFERENCES events (id),
    round BIGINT NOT NULL,
    starts_ms BIGINT,
    PRIMARY KEY (event, round)
);

CREATE TABLE event_boards (
    event TEXT NOT NULL,
    round BIGINT NOT NULL,
    board BIGINT NOT NULL,
    white BIGINT NOT NULL,
    black BIGINT,
    game TEXT REFERENCES games (id),
    PRIMARY KEY (event, round, board),
    FOREIGN KEY (event, round) REFERENCES event_rounds (event, round)
);

CREATE UNIQUE INDEX event_boards_game ON event_boards (game) WHERE game IS NOT NULL;

CREATE TABLE event_results (
    seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event TEXT NOT NULL REFERENCES events (id),
    round BIGINT NOT NULL,
    board BIGINT NOT NULL,
    result TEXT NOT NULL,
    reason TEXT,
    source TEXT NOT NULL,
    tie_break_winner TEXT,
    entered_ms BIGINT NOT NULL
);

CREATE INDEX event_results_board ON event_results (event, round, board, seq);

CREATE TABLE event_penalties (
    seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event TEXT NOT NULL REFERENCES events (id),
    number BIGINT NOT NULL,
    round BIGINT NOT NULL,
    penalty TEXT NOT NULL,
    reason TEXT NOT NULL,
    entered_ms BIGINT NOT NULL,
    FOREIGN KEY (event, number) REFERENCES event_players (event, number)
);

CREATE INDEX event_penalties_event ON event_penalties (event, seq);

-- Appended only: the trigger's argument is the refusal's text, the same as SQLite's.
CREATE FUNCTION shatar_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '%', TG_ARGV[0];
END
$$;

CREATE TRIGGER event_results_never_changed BEFORE UPDATE ON event_results
    FOR EACH ROW EXECUTE FUNCTION
    shatar_refuse('a result once entered is never changed: enter a correction');
CREATE TRIGGER event_results_never_dropped BEFORE DELETE ON event_results
    FOR EACH ROW EXECUTE FUNCTION shatar_refuse('a result once entered is never dropped');
CREATE TRIGGER event_penalties_never_changed BEFORE UPDATE ON event_penalties
    FOR EACH ROW EXECUTE FUNCTION shatar_refuse('a penalty once entered is never changed');
CREATE TRIGGER event_penalties_never_dropped BEFORE DELETE ON event_penalties
    FOR EACH ROW EXECUTE FUNCTION shatar_refuse('a penalty once entered is never dropped');
CREATE TRIGGER event_results_never_emptied BEFORE TRUNCATE ON event_results
    FOR EACH STATEMENT EXECUTE FUNCTION shatar_refuse('a result once entered is never dropped');
CREATE TRIGGER event_penalties_never_emptied BEFORE TRUNCATE ON event_penalties
    FOR EACH STATEMENT EXECUTE FUNCTION shatar_refuse('a penalty once entered is never dropped');
