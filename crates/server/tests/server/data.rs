//! Where a test's server keeps its data (issue 58): a temporary folder and, by default,
//! SQLite's file in it; with `SHATAR_TEST_DATABASE=postgres://...` (scripts/test.sh's
//! second run), a PostgreSQL schema of the test's own in that database, made here and
//! dropped when the test ends, so that tests run at once never meet.

use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};

use sqlx::{AssertSqlSafe, Connection, PgConnection, SqliteConnection};
use tempfile::TempDir;

/// The variable that chooses the backend: unset (or `sqlite`) for SQLite.
pub const BACKEND_VARIABLE: &str = "SHATAR_TEST_DATABASE";

pub struct Data {
    dir: TempDir,
    postgres: Option<Schema>,
}

struct Schema {
    /// The database's URL as given, for making and dropping the schema.
    admin: String,
    name: String,
}

/// A new place for a server's data, on the backend the environment chooses.
pub fn data() -> Data {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let dir = tempfile::tempdir().unwrap();
    let postgres = match std::env::var(BACKEND_VARIABLE) {
        Ok(url) if url.starts_with("postgres") => {
            let name = format!(
                "test_{}_{}",
                std::process::id(),
                NEXT.fetch_add(1, Ordering::Relaxed)
            );
            admin(&url, format!("DROP SCHEMA IF EXISTS {name} CASCADE"));
            admin(&url, format!("CREATE SCHEMA {name}"));
            Some(Schema { admin: url, name })
        }
        Ok(other) if other.is_empty() || other == "sqlite" => None,
        Ok(other) => panic!("{BACKEND_VARIABLE}={other:?}: neither sqlite nor postgres://..."),
        Err(_) => None,
    };
    Data { dir, postgres }
}

impl Data {
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// The server's `--database`: `None` for SQLite in the folder. The tests' commits do
    /// not wait for the disk (`synchronous_commit=off`): they kill servers, never the
    /// machine, and PostgreSQL's own process keeps what it acknowledged.
    pub fn database(&self) -> Option<String> {
        let schema = self.postgres.as_ref()?;
        let joint = if schema.admin.contains('?') { '&' } else { '?' };
        Some(format!(
            "{}{joint}options=-c%20search_path%3D{}%20-c%20synchronous_commit%3Doff",
            schema.admin, schema.name
        ))
    }

    /// Runs `sql` on the server's database, as another program would; the rows it changed.
    pub async fn execute(&self, sql: &'static str) -> Result<u64, sqlx::Error> {
        match self.database() {
            Some(url) => {
                let mut db = PgConnection::connect(&url).await?;
                let done = sqlx::query(sql).execute(&mut db).await;
                db.close().await?;
                Ok(done?.rows_affected())
            }
            None => {
                let mut db = SqliteConnection::connect(&self.sqlite_url()).await?;
                let done = sqlx::query(sql).execute(&mut db).await;
                db.close().await?;
                Ok(done?.rows_affected())
            }
        }
    }

    /// Reads one number from the server's database, as another program would.
    pub async fn count(&self, sql: &'static str) -> i64 {
        match self.database() {
            Some(url) => {
                let mut db = PgConnection::connect(&url).await.unwrap();
                let n = sqlx::query_scalar(sql).fetch_one(&mut db).await.unwrap();
                db.close().await.unwrap();
                n
            }
            None => {
                let url = format!("{}?mode=ro", self.sqlite_url());
                let mut db = SqliteConnection::connect(&url).await.unwrap();
                let n = sqlx::query_scalar(sql).fetch_one(&mut db).await.unwrap();
                db.close().await.unwrap();
                n
            }
        }
    }

    fn sqlite_url(&self) -> String {
        format!(
            "sqlite://{}",
            self.path()
                .join(shatar_server::store::DATABASE_FILE)
                .display()
        )
    }
}

impl Drop for Data {
    fn drop(&mut self) {
        if let Some(schema) = &self.postgres {
            admin(
                &schema.admin,
                format!("DROP SCHEMA IF EXISTS {} CASCADE", schema.name),
            );
        }
    }
}

/// Runs `sql` on the database at `url` from a thread of its own: `data()` and `drop` are
/// called inside the tests' runtime, which cannot be blocked on from within.
fn admin(url: &str, sql: String) {
    let url = url.to_string();
    std::thread::spawn(move || {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
            .block_on(async {
                let mut db = PgConnection::connect(&url).await?;
                sqlx::raw_sql(AssertSqlSafe(sql)).execute(&mut db).await?;
                db.close().await
            })
    })
    .join()
    .unwrap()
    .unwrap_or_else(|e| panic!("PostgreSQL at {BACKEND_VARIABLE}: {e}"));
}
