//! Statements of the move path prepared once per connection and kept, where diesel would prepare them anew
//! at every execution.
//!
//! diesel keeps a prepared statement only when it knows the statement's text can never vary for its Rust
//! type: every `UPDATE` (a changeset may skip its `None` fields), every insert of a value with an optional
//! column on PostgreSQL (`DEFAULT` or a bind) and every `IN` list is prepared, planned and thrown away each
//! time it runs. On the move path that is most of the writes, a dozen parses and plans per move (and, on
//! PostgreSQL, a second round trip for each). [`Prepared`] keeps them: the statement is cached under its
//! SQL text and the types of its binds, exactly as diesel caches raw SQL it may keep, so two shapes of one
//! statement are two entries, and a statement is never run with another's text. Only statements whose
//! shapes are few belong here (not `IN` lists of any length): each shape stays prepared for the life of the
//! connection.
//!
//! Only what is *loaded* through `Prepared` is kept (a `SELECT`, or a change with `RETURNING`). A statement
//! that is only executed (`execute`) is handed on by reference, and a reference's `QueryFragment` does not
//! pass the question "may this be kept?" on to `Prepared`: diesel then walks the statement's parts, and an
//! `UPDATE` or an `IN` list is prepared anew at every run, `Prepared` or not. The move path's changes
//! therefore load a `RETURNING` column.
//!
//! Finding a [`Prepared`] statement in the cache means building its text first: some 5% of the writer
//! thread's time per move went to that. A statement whose text never varies (no `IN` list, no optional
//! column, SQL of its own only as constants) is kept instead under a type of its own call site, with
//! [`fixed_statement!`], and found again without its text being built. Debug builds (the tests) check at
//! every run that such a statement's text is the one it had before.

use diesel::QueryResult;
use diesel::backend::Backend;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};

/// A statement kept prepared under its SQL text (see the module's comment).
#[derive(Debug, Clone, Copy)]
pub struct Prepared<Q>(pub Q);

impl<Q, DB> QueryFragment<DB> for Prepared<Q>
where
    DB: Backend,
    Q: QueryFragment<DB>,
{
    fn walk_ast<'b>(&'b self, out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        self.0.walk_ast(out)
    }

    fn is_safe_to_cache_prepared(&self, _backend: &DB) -> QueryResult<bool> {
        Ok(true)
    }
}

impl<Q> QueryId for Prepared<Q> {
    type QueryId = ();
    // Never keyed by type: the cache's key is then the statement's text and its binds' types.
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<Q: Query> Query for Prepared<Q> {
    type SqlType = Q::SqlType;
}

impl<Q, C> diesel::RunQueryDsl<C> for Prepared<Q> {}

/// A statement whose SQL text never varies, kept prepared under `Site`, a type of its own call site's (see
/// the module's comment). Made by [`fixed_statement!`].
#[derive(Debug, Clone, Copy)]
pub struct Fixed<Q, Site> {
    query: Q,
    site: std::marker::PhantomData<Site>,
}

impl<Q, Site> Fixed<Q, Site> {
    pub fn new(query: Q) -> Self {
        Fixed { query, site: std::marker::PhantomData }
    }
}

/// `query`, kept prepared under a type of this call site (see the module's comment): for statements whose
/// text never varies.
#[macro_export]
macro_rules! fixed_statement {
    ($query:expr $(,)?) => {{
        /// This call site's statement, in the statement cache of each connection.
        struct Site;
        $crate::db::prepared::Fixed::<_, Site>::new($query)
    }};
}

impl<Q, Site, DB> QueryFragment<DB> for Fixed<Q, Site>
where
    DB: Backend + 'static,
    DB::QueryBuilder: Default,
    Q: QueryFragment<DB>,
    Site: 'static,
{
    fn walk_ast<'b>(&'b self, out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        self.query.walk_ast(out)
    }

    fn is_safe_to_cache_prepared(&self, backend: &DB) -> QueryResult<bool> {
        #[cfg(debug_assertions)]
        same_text::<DB, Site>(&self.query, backend)?;
        let _ = backend;
        Ok(true)
    }
}

impl<Q, Site: 'static> QueryId for Fixed<Q, Site> {
    type QueryId = Site;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl<Q: Query, Site> Query for Fixed<Q, Site> {
    type SqlType = Q::SqlType;
}

impl<Q, Site, C> diesel::RunQueryDsl<C> for Fixed<Q, Site> {}

/// Panics if the statement of `Site` does not have the text it had at its first run on backend `DB`: the
/// cache would run the first text with this run's values.
#[cfg(debug_assertions)]
fn same_text<DB, Site>(query: &impl QueryFragment<DB>, backend: &DB) -> QueryResult<()>
where
    DB: Backend + 'static,
    DB::QueryBuilder: Default,
    Site: 'static,
{
    use diesel::query_builder::QueryBuilder as _;
    use std::any::TypeId;
    use std::collections::HashMap;
    use std::sync::{LazyLock, Mutex};
    static TEXTS: LazyLock<Mutex<HashMap<(TypeId, TypeId), String>>> = LazyLock::new(Default::default);
    let mut builder = DB::QueryBuilder::default();
    query.to_sql(&mut builder, backend)?;
    let text = builder.finish();
    let mut texts = TEXTS.lock().unwrap_or_else(|e| e.into_inner());
    let first = texts.entry((TypeId::of::<Site>(), TypeId::of::<DB>())).or_insert_with(|| text.clone());
    assert_eq!(*first, text, "a statement kept as fixed changed its text: it must be `Prepared`");
    Ok(())
}

/// What a connection runs and keeps, recorded for tests.
#[cfg(test)]
pub(crate) mod recorded {
    use std::collections::BTreeSet;
    use std::sync::{Arc, Mutex};

    use diesel::connection::{Connection, InstrumentationEvent};

    use crate::db::Conn;

    /// The statements a connection ran (their text, without the values bound) and, in order, those it
    /// prepared to keep.
    #[derive(Default)]
    pub(crate) struct Statements {
        pub(crate) ran: BTreeSet<String>,
        pub(crate) kept: Vec<String>,
    }

    /// Records what `conn` runs and keeps from now on.
    pub(crate) fn statements(conn: &mut Conn) -> Arc<Mutex<Statements>> {
        let seen = Arc::new(Mutex::new(Statements::default()));
        let log = seen.clone();
        conn.set_instrumentation(move |event: InstrumentationEvent<'_>| {
            let mut log = log.lock().unwrap();
            match event {
                InstrumentationEvent::StartQuery { query, .. } => {
                    let text = query.to_string();
                    log.ran.insert(text.split(" -- binds: ").next().unwrap_or_default().to_string());
                }
                InstrumentationEvent::CacheQuery { sql, .. } => log.kept.push(sql.to_string()),
                _ => {}
            }
        });
        seen
    }
}

#[cfg(test)]
mod tests {
    use diesel::prelude::*;

    use super::*;
    use crate::db::schema::{accounts, games};
    use crate::db::scratch::{Backend, ScratchDatabase, postgres_available};

    /// Runs `round` three times (with 0, 1, 2) on a fresh database of `backend`; `round` runs an `UPDATE …
    /// RETURNING` then a `SELECT`, which must each be prepared at their first run and kept for the next ones.
    fn prepared_once_on(backend: Backend, round: impl Fn(&mut crate::db::Conn, i64)) {
        let dir = tempfile::tempdir().unwrap();
        let database = ScratchDatabase::on(backend, dir.path());
        let mut conn = crate::db::open_migrated(&database.url).unwrap();
        let recorded = super::recorded::statements(&mut conn);
        for n in 0..3 {
            round(&mut conn, n);
        }
        let kept = &recorded.lock().unwrap().kept;
        assert_eq!(kept.len(), 2, "{backend:?}: each statement is prepared once and kept: {kept:#?}");
        assert!(kept[0].starts_with("UPDATE") && kept[1].starts_with("SELECT"), "{kept:#?}");
    }

    /// An `UPDATE … RETURNING` and a `SELECT` with an `IN` list, loaded through `Prepared`.
    fn kept_once_on(backend: Backend) {
        prepared_once_on(backend, |conn, round| {
            let updated: Vec<i64> = Prepared(
                diesel::update(games::table.find(round))
                    .set((games::status.eq("active"), games::head_seq.eq(round)))
                    .returning(games::id),
            )
            .load(conn)
            .unwrap();
            assert!(updated.is_empty());
            let ids = [round, round + 1];
            let named: Vec<(i64, String)> = Prepared(
                accounts::table.filter(accounts::id.eq_any(&ids)).select((accounts::id, accounts::display_name)),
            )
            .load(conn)
            .unwrap();
            assert!(named.is_empty());
        });
    }

    /// An `UPDATE … RETURNING` and a `SELECT`, each kept under its call site, on either backend.
    fn fixed_kept_once_on(backend: Backend) {
        use crate::db::native::RunNative;
        prepared_once_on(backend, |conn, round| {
            let updated: Vec<i64> = crate::fixed_statement!(
                diesel::update(games::table.find(round))
                    .set((games::status.eq("active"), games::head_seq.eq(round)))
                    .returning(games::id)
            )
            .load_native(conn)
            .unwrap();
            assert!(updated.is_empty());
            let named: Vec<(i64, String)> = crate::fixed_statement!(
                accounts::table.filter(accounts::id.eq(round)).select((accounts::id, accounts::display_name))
            )
            .load_native(conn)
            .unwrap();
            assert!(named.is_empty());
        });
    }

    #[test]
    fn fixed_statements_are_prepared_once_on_sqlite() {
        fixed_kept_once_on(Backend::Sqlite);
    }

    #[test]
    fn fixed_statements_are_prepared_once_on_postgres() {
        if postgres_available() {
            fixed_kept_once_on(Backend::Postgres);
        }
    }

    /// A statement whose text varies (here an `IN` list of another length on SQLite) cannot be kept as fixed:
    /// its second run would run the first one's text. Debug builds refuse it at once.
    #[test]
    #[should_panic(expected = "changed its text")]
    fn a_statement_whose_text_varies_is_refused_as_fixed() {
        use crate::db::native::RunNative;
        let dir = tempfile::tempdir().unwrap();
        let database = ScratchDatabase::on(Backend::Sqlite, dir.path());
        let mut conn = crate::db::open_migrated(&database.url).unwrap();
        for ids in [vec![1], vec![1, 2]] {
            let _: Vec<i64> =
                crate::fixed_statement!(accounts::table.filter(accounts::id.eq_any(&ids)).select(accounts::id))
                    .load_native(&mut conn)
                    .unwrap();
        }
    }

    #[test]
    fn kept_statements_are_prepared_once_on_sqlite() {
        kept_once_on(Backend::Sqlite);
    }

    #[test]
    fn kept_statements_are_prepared_once_on_postgres() {
        if postgres_available() {
            kept_once_on(Backend::Postgres);
        }
    }
}
