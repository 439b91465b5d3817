//! Which page of a list a request asks for, with the bounds every paged list applies: the
//! schools' candidate lists and the operator's lists of accounts and events.

/// Rows per page when the request names no size.
pub const DEFAULT_PER_PAGE: i64 = 50;
/// The largest page.
pub const MAX_PER_PAGE: i64 = 100;

/// Which page of a list, as a request names it (each list's query has these two parameters).
#[derive(Debug, Clone, Copy, Default)]
pub struct PageQuery {
    /// From 1.
    pub page: Option<i64>,
    /// 1 to [`MAX_PER_PAGE`]; [`DEFAULT_PER_PAGE`] by default.
    pub per_page: Option<i64>,
}

/// A page with its bounds applied: numbers beyond the list give an empty page, never an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paging {
    pub page: i64,
    pub per_page: i64,
}

impl Paging {
    pub fn of(query: PageQuery) -> Paging {
        Paging {
            page: query.page.unwrap_or(1).max(1),
            per_page: query.per_page.unwrap_or(DEFAULT_PER_PAGE).clamp(1, MAX_PER_PAGE),
        }
    }

    /// The rows before the page (saturating: a huge page number reads past the end).
    pub fn offset(self) -> i64 {
        (self.page - 1).saturating_mul(self.per_page)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paging_is_bounded_and_saturates() {
        assert_eq!(Paging::of(PageQuery::default()), Paging { page: 1, per_page: DEFAULT_PER_PAGE });
        let huge = Paging::of(PageQuery { page: Some(i64::MAX), per_page: Some(1_000) });
        assert_eq!(huge.per_page, MAX_PER_PAGE);
        assert_eq!(huge.offset(), i64::MAX, "a page past the end reads nothing, it does not overflow");
        assert_eq!(Paging::of(PageQuery { page: Some(-3), per_page: Some(0) }), Paging { page: 1, per_page: 1 });
    }
}
