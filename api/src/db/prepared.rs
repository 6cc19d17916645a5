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

impl<Q, Conn> diesel::RunQueryDsl<Conn> for Prepared<Q> {}
