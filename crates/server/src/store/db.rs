//! The two backends behind one small surface (issue 58): a statement is written once with
//! `$N` placeholders, which SQLite and PostgreSQL both read, and bound with the few types
//! the store uses (integers, text, bytes); where the dialects differ a statement has one
//! text a backend ([`query_each`]). Not `sqlx::Any`: each backend keeps its own driver,
//! types and pool, and the choice is made once, when the store opens.

use sqlx::postgres::{PgPool, PgRow, Postgres};
use sqlx::sqlite::{Sqlite, SqlitePool, SqliteRow};
use sqlx::{Decode, Row as _, Transaction, Type};

/// The database the store was opened on.
#[derive(Clone)]
pub(super) enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// A transaction on either backend: rolled back when dropped uncommitted.
pub(super) enum Tx {
    Sqlite(Transaction<'static, Sqlite>),
    Postgres(Transaction<'static, Postgres>),
}

/// A row read from either backend.
pub(super) enum Row {
    Sqlite(SqliteRow),
    Postgres(PgRow),
}

/// A bound value. Flags are integers (0/1) on both backends, so that a statement's text
/// and its partial indexes' conditions stay the same on both.
pub(super) enum Arg {
    Int(Option<i64>),
    Text(Option<String>),
    Blob(Vec<u8>),
}

/// A statement and its values, run on a pool or a transaction.
pub(super) struct Query {
    sqlite: &'static str,
    postgres: &'static str,
    args: Vec<Arg>,
}

/// Where a statement runs.
pub(super) enum On<'a> {
    Pool(&'a Pool),
    Tx(&'a mut Tx),
}

/// What a statement that returns no rows did.
pub(super) struct Done(u64);

impl Done {
    pub(super) fn rows_affected(&self) -> u64 {
        self.0
    }
}

/// A statement whose text is the same on both backends.
pub(super) fn query(sql: &'static str) -> Query {
    query_each(sql, sql)
}

/// A statement in each backend's dialect, with the same values in the same order.
pub(super) fn query_each(sqlite: &'static str, postgres: &'static str) -> Query {
    Query {
        sqlite,
        postgres,
        args: Vec::new(),
    }
}

/// The text values of the JSON array bound as parameter `$p`, as a subquery's select list,
/// in a dialect's words (`sqlite` or `postgres`): for statements that spell themselves once
/// for both ([`query_each`] with a statement macro called once a dialect), so that their
/// texts cannot drift apart.
macro_rules! json_texts {
    (sqlite, $p:literal) => {
        concat!("SELECT value FROM json_each(", $p, ")")
    };
    (postgres, $p:literal) => {
        concat!("SELECT jsonb_array_elements_text(", $p, "::jsonb)")
    };
}
pub(super) use json_texts;

/// The statement on one backend with its values bound (a macro: the same text for the two
/// drivers' query types).
macro_rules! bound {
    ($sql:expr, $args:expr) => {{
        let mut q = sqlx::query($sql);
        for arg in $args {
            q = match arg {
                Arg::Int(v) => q.bind(v),
                Arg::Text(v) => q.bind(v),
                Arg::Blob(v) => q.bind(v),
            };
        }
        q
    }};
}

impl Query {
    pub(super) fn bind(mut self, value: impl Into<Arg>) -> Query {
        self.args.push(value.into());
        self
    }

    pub(super) async fn execute<'a>(self, on: impl Into<On<'a>>) -> Result<Done, sqlx::Error> {
        let rows = match on.into() {
            On::Pool(Pool::Sqlite(p)) => bound!(self.sqlite, self.args)
                .execute(p)
                .await?
                .rows_affected(),
            On::Pool(Pool::Postgres(p)) => bound!(self.postgres, self.args)
                .execute(p)
                .await?
                .rows_affected(),
            On::Tx(Tx::Sqlite(t)) => bound!(self.sqlite, self.args)
                .execute(&mut **t)
                .await?
                .rows_affected(),
            On::Tx(Tx::Postgres(t)) => bound!(self.postgres, self.args)
                .execute(&mut **t)
                .await?
                .rows_affected(),
        };
        Ok(Done(rows))
    }

    pub(super) async fn fetch_all<'a>(
        self,
        on: impl Into<On<'a>>,
    ) -> Result<Vec<Row>, sqlx::Error> {
        Ok(match on.into() {
            On::Pool(Pool::Sqlite(p)) => wrap(bound!(self.sqlite, self.args).fetch_all(p).await?),
            On::Pool(Pool::Postgres(p)) => {
                wrap(bound!(self.postgres, self.args).fetch_all(p).await?)
            }
            On::Tx(Tx::Sqlite(t)) => {
                wrap(bound!(self.sqlite, self.args).fetch_all(&mut **t).await?)
            }
            On::Tx(Tx::Postgres(t)) => {
                wrap(bound!(self.postgres, self.args).fetch_all(&mut **t).await?)
            }
        })
    }

    pub(super) async fn fetch_optional<'a>(
        self,
        on: impl Into<On<'a>>,
    ) -> Result<Option<Row>, sqlx::Error> {
        Ok(match on.into() {
            On::Pool(Pool::Sqlite(p)) => bound!(self.sqlite, self.args)
                .fetch_optional(p)
                .await?
                .map(Row::Sqlite),
            On::Pool(Pool::Postgres(p)) => bound!(self.postgres, self.args)
                .fetch_optional(p)
                .await?
                .map(Row::Postgres),
            On::Tx(Tx::Sqlite(t)) => bound!(self.sqlite, self.args)
                .fetch_optional(&mut **t)
                .await?
                .map(Row::Sqlite),
            On::Tx(Tx::Postgres(t)) => bound!(self.postgres, self.args)
                .fetch_optional(&mut **t)
                .await?
                .map(Row::Postgres),
        })
    }
}

fn wrap<R>(rows: Vec<R>) -> Vec<Row>
where
    Row: From<R>,
{
    rows.into_iter().map(Row::from).collect()
}

impl From<SqliteRow> for Row {
    fn from(row: SqliteRow) -> Row {
        Row::Sqlite(row)
    }
}

impl From<PgRow> for Row {
    fn from(row: PgRow) -> Row {
        Row::Postgres(row)
    }
}

impl Row {
    /// Column `index` as `T`, a type both drivers decode.
    pub(super) fn try_get<'r, T>(&'r self, index: usize) -> Result<T, sqlx::Error>
    where
        T: Decode<'r, Sqlite> + Type<Sqlite> + Decode<'r, Postgres> + Type<Postgres>,
    {
        match self {
            Row::Sqlite(row) => row.try_get(index),
            Row::Postgres(row) => row.try_get(index),
        }
    }

    /// A flag column (0 or 1 on both backends).
    pub(super) fn flag(&self, index: usize) -> Result<bool, sqlx::Error> {
        Ok(self.try_get::<i64>(index)? != 0)
    }
}

impl Pool {
    pub(super) async fn begin(&self) -> Result<Tx, sqlx::Error> {
        Ok(match self {
            Pool::Sqlite(p) => Tx::Sqlite(p.begin().await?),
            Pool::Postgres(p) => Tx::Postgres(p.begin().await?),
        })
    }

    pub(super) async fn close(&self) {
        match self {
            Pool::Sqlite(p) => p.close().await,
            Pool::Postgres(p) => p.close().await,
        }
    }
}

impl Tx {
    pub(super) async fn commit(self) -> Result<(), sqlx::Error> {
        match self {
            Tx::Sqlite(t) => t.commit().await,
            Tx::Postgres(t) => t.commit().await,
        }
    }

    pub(super) async fn rollback(self) -> Result<(), sqlx::Error> {
        match self {
            Tx::Sqlite(t) => t.rollback().await,
            Tx::Postgres(t) => t.rollback().await,
        }
    }

    /// Makes the transaction's reads agree with each other, as they do on SQLite (a read
    /// transaction there sees one snapshot of the WAL). PostgreSQL's default, READ
    /// COMMITTED, takes a new snapshot for each statement. Before the first statement.
    pub(super) async fn one_snapshot(&mut self) -> Result<(), sqlx::Error> {
        let Tx::Postgres(t) = self else { return Ok(()) };
        sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            .execute(&mut **t)
            .await?;
        Ok(())
    }

    /// Takes the players' rows for the rest of the transaction, so that a check of their
    /// counts (challenges waiting, games unfinished) and the write it guards cannot
    /// interleave with another's. SQLite needs nothing: its writes take turns anyway (one
    /// writer at a time); PostgreSQL's READ COMMITTED would let two inserts each pass a
    /// count that neither sees the other in. `NO KEY UPDATE`: foreign keys to the players
    /// (a game's, a challenge's) are not held up by it. In the ids' order: no deadlock.
    pub(super) async fn lock_players(&mut self, ids: &[String]) -> Result<(), sqlx::Error> {
        let Tx::Postgres(t) = self else { return Ok(()) };
        let mut ids = ids.to_vec();
        ids.sort();
        ids.dedup();
        for id in ids {
            sqlx::query("SELECT 1 FROM players WHERE id = $1 FOR NO KEY UPDATE")
                .bind(id)
                .execute(&mut **t)
                .await?;
        }
        Ok(())
    }
}

impl<'a> From<&'a Pool> for On<'a> {
    fn from(pool: &'a Pool) -> On<'a> {
        On::Pool(pool)
    }
}

impl<'a> From<&'a mut Tx> for On<'a> {
    fn from(tx: &'a mut Tx) -> On<'a> {
        On::Tx(tx)
    }
}

impl From<i64> for Arg {
    fn from(v: i64) -> Arg {
        Arg::Int(Some(v))
    }
}

impl From<u32> for Arg {
    fn from(v: u32) -> Arg {
        Arg::Int(Some(i64::from(v)))
    }
}

impl From<Option<u32>> for Arg {
    fn from(v: Option<u32>) -> Arg {
        Arg::Int(v.map(i64::from))
    }
}

impl From<u16> for Arg {
    fn from(v: u16) -> Arg {
        Arg::Int(Some(i64::from(v)))
    }
}

impl From<Option<i64>> for Arg {
    fn from(v: Option<i64>) -> Arg {
        Arg::Int(v)
    }
}

impl From<bool> for Arg {
    fn from(v: bool) -> Arg {
        Arg::Int(Some(i64::from(v)))
    }
}

impl From<String> for Arg {
    fn from(v: String) -> Arg {
        Arg::Text(Some(v))
    }
}

impl From<&String> for Arg {
    fn from(v: &String) -> Arg {
        Arg::Text(Some(v.clone()))
    }
}

impl From<&str> for Arg {
    fn from(v: &str) -> Arg {
        Arg::Text(Some(v.to_string()))
    }
}

impl From<Option<String>> for Arg {
    fn from(v: Option<String>) -> Arg {
        Arg::Text(v)
    }
}

impl From<Option<&str>> for Arg {
    fn from(v: Option<&str>) -> Arg {
        Arg::Text(v.map(str::to_string))
    }
}

impl From<&[u8]> for Arg {
    fn from(v: &[u8]) -> Arg {
        Arg::Blob(v.to_vec())
    }
}

impl From<&u32> for Arg {
    fn from(v: &u32) -> Arg {
        Arg::from(*v)
    }
}

impl From<&Option<u32>> for Arg {
    fn from(v: &Option<u32>) -> Arg {
        Arg::from(*v)
    }
}
