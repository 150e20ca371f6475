//! The database: SQLite in WAL mode, one file in the data directory, by default; or
//! PostgreSQL, chosen by a `postgres://` URL (issue 58). Both through sqlx, the statements
//! written once where the dialects agree (db.rs). Every game change is one transaction,
//! committed before anyone hears of it.

mod challenges;
mod db;
pub mod events;
mod games;
mod listing;
mod players;

use std::borrow::Cow;
use std::fmt;
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::SqlSafeStr;
use sqlx::migrate::{MigrateError, Migration, MigrationType, Migrator};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};

use db::Pool;

pub use crate::arbiter::{GameRow, StoredMove};
pub use challenges::{AddError, Challenge, LISTED_MAX, WAITING_MAX};
pub use games::{NewGame, Started, UNFINISHED_MAX};

/// The database file's name inside the data directory.
pub const DATABASE_FILE: &str = "shatar.sqlite3";

/// The schema, compiled in so that the binary needs no files beside it. The versions,
/// descriptions and texts are what databases made before the folder a backend were
/// migrated with (sqlx checks each applied one's checksum): never edit one, add one.
const SQLITE_MIGRATIONS: &[(i64, &str, &str)] = &[
    (
        1,
        "games",
        include_str!("../../migrations/sqlite/0001_games.sql"),
    ),
    (
        2,
        "endings",
        include_str!("../../migrations/sqlite/0002_endings.sql"),
    ),
    (
        3,
        "hardening",
        include_str!("../../migrations/sqlite/0003_hardening.sql"),
    ),
    (
        4,
        "events",
        include_str!("../../migrations/sqlite/0004_events.sql"),
    ),
];

/// PostgreSQL's schema: SQLite's four steps in one, equal in meaning.
const POSTGRES_MIGRATIONS: &[(i64, &str, &str)] = &[(
    1,
    "schema",
    include_str!("../../migrations/postgres/0001_schema.sql"),
)];

/// Connections to PostgreSQL a process holds at most: each game change is one short
/// transaction, and a server process's games take turns on a few connections (SQLite has
/// 4, its writes one at a time).
const POSTGRES_CONNECTIONS: u32 = 8;

#[derive(Clone)]
pub struct Store {
    pool: Pool,
}

#[derive(Debug)]
pub enum StoreError {
    CreateDir(std::io::Error),
    Database(sqlx::Error),
    Migrate(MigrateError),
    /// A `--database` URL of no backend this server has.
    Url(String),
    /// A row that this server could not have written.
    Corrupt {
        table: &'static str,
        why: String,
    },
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::CreateDir(e) => write!(f, "cannot create the data directory: {e}"),
            StoreError::Database(e) => write!(f, "database: {e}"),
            StoreError::Migrate(e) => write!(f, "database schema: {e}"),
            StoreError::Url(url) => write!(
                f,
                "{url:?} is no database URL: sqlite://FILE or postgres://USER@HOST:PORT/NAME"
            ),
            StoreError::Corrupt { table, why } => write!(f, "a row of {table} is damaged: {why}"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        StoreError::Database(e)
    }
}

impl Store {
    /// Opens (or creates) the SQLite database in `data_dir` and brings its schema up to
    /// date.
    pub async fn open(data_dir: &Path) -> Result<Store, StoreError> {
        std::fs::create_dir_all(data_dir).map_err(StoreError::CreateDir)?;
        Store::open_sqlite(SqliteConnectOptions::new().filename(data_dir.join(DATABASE_FILE))).await
    }

    /// Opens the database at `url` and brings its schema up to date: `sqlite://FILE`
    /// (created if missing), or `postgres://...`, whose database must exist; the tables go
    /// in the connection's first schema (`options=-c search_path=NAME` in the URL chooses
    /// another than `public`).
    pub async fn open_url(url: &str) -> Result<Store, StoreError> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let options =
                PgConnectOptions::from_str(url).map_err(|_| StoreError::Url(url.into()))?;
            let pool = PgPoolOptions::new()
                .max_connections(POSTGRES_CONNECTIONS)
                .connect_with(options)
                .await?;
            migrator(POSTGRES_MIGRATIONS)
                .run(&pool)
                .await
                .map_err(StoreError::Migrate)?;
            return Ok(Store {
                pool: Pool::Postgres(pool),
            });
        }
        if !url.starts_with("sqlite:") {
            return Err(StoreError::Url(url.into()));
        }
        let options =
            SqliteConnectOptions::from_str(url).map_err(|_| StoreError::Url(url.into()))?;
        if let Some(dir) = options.get_filename().parent() {
            std::fs::create_dir_all(dir).map_err(StoreError::CreateDir)?;
        }
        Store::open_sqlite(options).await
    }

    async fn open_sqlite(options: SqliteConnectOptions) -> Result<Store, StoreError> {
        let options = options
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // FULL: a committed move survives a power cut, not only a killed process.
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5));
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await?;
        migrator(SQLITE_MIGRATIONS)
            .run(&pool)
            .await
            .map_err(StoreError::Migrate)?;
        Ok(Store {
            pool: Pool::Sqlite(pool),
        })
    }

    /// Waits for the connections to finish and closes them.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

fn migrator(migrations: &'static [(i64, &'static str, &'static str)]) -> Migrator {
    Migrator::with_migrations(
        migrations
            .iter()
            .map(|&(version, description, sql)| {
                Migration::new(
                    version,
                    Cow::Borrowed(description),
                    MigrationType::Simple,
                    sql.into_sql_str(),
                    false,
                )
            })
            .collect(),
    )
}

/// A column read back into its type, or the row is damaged.
fn parse<T: FromStr>(table: &'static str, text: &str) -> Result<T, StoreError>
where
    T::Err: fmt::Display,
{
    text.parse().map_err(|e: T::Err| StoreError::Corrupt {
        table,
        why: format!("{text:?}: {e}"),
    })
}

/// A JSON column read back into its type, or the row is damaged.
fn parse_json<T: serde::de::DeserializeOwned>(
    table: &'static str,
    text: &str,
) -> Result<T, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Corrupt {
        table,
        why: e.to_string(),
    })
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("stored values have string keys and infallible fields")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SQLite's migrations moved to a folder of their own (issue 58) unchanged: a database
    /// made before opens only if each applied migration's checksum (SHA-384 of its text)
    /// is still the same. These are the checksums that databases made by earlier servers
    /// hold in `_sqlx_migrations`.
    #[test]
    fn sqlite_migrations_keep_the_checksums_existing_databases_hold() {
        let checksums: Vec<String> = migrator(SQLITE_MIGRATIONS)
            .iter()
            .map(|m| {
                let hex: String = m.checksum.iter().map(|b| format!("{b:02x}")).collect();
                format!("{} {} {}", m.version, m.description, &hex[..16])
            })
            .collect();
        assert_eq!(
            checksums,
            [
                "1 games e09338bc638df86c",
                "2 endings bc90a369ffef0fd0",
                "3 hardening 4a4a4284e826c737",
                "4 events 66b1be4e7243c818",
            ]
        );
    }
}
