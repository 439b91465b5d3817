//! Blind first: a candidate may hide their name and picture from partners until they accept that
//! partner's contact request or apply to one of that partner's offers (`candidates.blind_first`,
//! migration 0035). Partners meanwhile read initials and no picture; the commune, degree,
//! languages, soft skills and the explanation of a match stay, so the choice rests on them.
//!
//! Who may see a name is decided by one SQL function, `partner_may_see_name(candidate, partner)`,
//! that every read showing a candidate to a partner selects (hits, saved candidates, the profile,
//! contact requests, notifications, alert emails); this module turns its answer into what the
//! partner reads, so that every surface masks a name the same way. The masking happens on the
//! server: a hidden name never leaves it.

use std::collections::HashMap;

use crate::error::Result;

/// What a partner reads of a name they may not see: its first letter and a full stop
/// ("Camille" → "C.", "Élodie" → "É."); nothing for an empty name.
pub fn initial(name: &str) -> String {
    name.trim().chars().next().map(|first| format!("{}.", first.to_uppercase())).unwrap_or_default()
}

/// A candidate's first and last names as a partner reads them: whole, or initials when
/// `name_hidden`.
pub fn shown_name(firstname: String, lastname: String, name_hidden: bool) -> (String, String) {
    if name_hidden { (initial(&firstname), initial(&lastname)) } else { (firstname, lastname) }
}

/// The blind-first candidates among `candidate_ids`, each with whether partner `partner_id` may
/// see their name (`partner_may_see_name`). A candidate who is not blind first is not in the map:
/// their name is shown, and is part of the keyword text of their search document.
pub async fn blind_candidates(db: &sqlx::PgPool, partner_id: i64, candidate_ids: &[i64]) -> Result<HashMap<i64, bool>> {
    if candidate_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, bool)> = sqlx::query_as(
        "select user_id, partner_may_see_name(user_id, $1) from candidates
         where user_id = any($2) and blind_first",
    )
    .bind(partner_id)
    .bind(candidate_ids)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hidden_name_is_its_initials() {
        assert_eq!(shown_name("Camille".into(), "Martin".into(), true), ("C.".into(), "M.".into()));
        assert_eq!(shown_name("élodie".into(), " de Vries".into(), true), ("É.".into(), "D.".into()));
        assert_eq!(initial(""), "");
    }

    #[test]
    fn a_shown_name_is_whole() {
        assert_eq!(shown_name("Camille".into(), "Martin".into(), false), ("Camille".into(), "Martin".into()));
    }
}
