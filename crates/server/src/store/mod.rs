//! The database: SQLite in WAL mode, one file in the data directory, through sqlx so that
//! PostgreSQL can later be a configuration change (issue 22). Every game change is one
//! transaction, committed before anyone hears of it.

mod challenges;
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
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};

pub use crate::arbiter::{GameRow, StoredMove};
pub use challenges::{AddError, Challenge, LISTED_MAX, WAITING_MAX};
pub use games::{NewGame, Started, UNFINISHED_MAX};

/// The database file's name inside the data directory.
pub const DATABASE_FILE: &str = "shatar.sqlite3";

/// The schema, compiled in so that the binary needs no files beside it.
const MIGRATIONS: &[(i64, &str, &str)] = &[
    (1, "games", include_str!("../../migrations/0001_games.sql")),
    (
        2,
        "endings",
        include_str!("../../migrations/0002_endings.sql"),
    ),
    (
        3,
        "hardening",
        include_str!("../../migrations/0003_hardening.sql"),
    ),
    (
        4,
        "events",
        include_str!("../../migrations/0004_events.sql"),
    ),
];

#[derive(Clone)]
pub struct Store {
    pool: SqlitePool,
}

#[derive(Debug)]
pub enum StoreError {
    CreateDir(std::io::Error),
    Database(sqlx::Error),
    Migrate(MigrateError),
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
    /// Opens (or creates) the database in `data_dir` and brings its schema up to date.
    pub async fn open(data_dir: &Path) -> Result<Store, StoreError> {
        std::fs::create_dir_all(data_dir).map_err(StoreError::CreateDir)?;
        let options = SqliteConnectOptions::new()
            .filename(data_dir.join(DATABASE_FILE))
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
        migrator().run(&pool).await.map_err(StoreError::Migrate)?;
        Ok(Store { pool })
    }

    /// Waits for the connections to finish and closes them.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

fn migrator() -> Migrator {
    Migrator::with_migrations(
        MIGRATIONS
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
