-- Players have no account: an id and the hash of the secret their browser keeps.
CREATE TABLE players (
    id TEXT PRIMARY KEY NOT NULL,
    secret_sha256 BLOB NOT NULL,
    created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
) STRICT;

-- An open challenge until `game` is set by the one who accepts it.
CREATE TABLE challenges (
    id TEXT PRIMARY KEY NOT NULL,
    challenger TEXT NOT NULL REFERENCES players (id),
    kind TEXT NOT NULL,
    time_control TEXT NOT NULL,
    color TEXT NOT NULL,
    game TEXT REFERENCES games (id),
    created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
) STRICT;

-- `clock` is the clocks as of the last move or ending (JSON); `outcome` is NULL while the
-- game goes on.
CREATE TABLE games (
    id TEXT PRIMARY KEY NOT NULL,
    kind TEXT NOT NULL,
    white TEXT NOT NULL REFERENCES players (id),
    black TEXT NOT NULL REFERENCES players (id),
    clock TEXT NOT NULL,
    outcome TEXT,
    created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
    ended_at TEXT
) STRICT;

CREATE INDEX games_unfinished ON games (id) WHERE outcome IS NULL;

-- Moves in the wire's notation (UCI; ICCS for Xiangqi), `ply` from 0.
CREATE TABLE moves (
    game TEXT NOT NULL REFERENCES games (id),
    ply INTEGER NOT NULL,
    text TEXT NOT NULL,
    played_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY (game, ply)
) STRICT, WITHOUT ROWID;
