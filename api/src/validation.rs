//! Server-side checks of request fields, collecting every broken rule by field so that a form
//! can show all its errors at once (the 422 body's `errors`).

use chrono::{Datelike, NaiveDate, Utc};
use sqlx::{AssertSqlSafe, PgPool};

use crate::error::{Error, FieldErrors, RuleCode};

/// The youngest age at which one may hold an account (French work law allows jobs from 14-16).
pub const MIN_AGE_YEARS: i32 = 15;

#[derive(Default)]
pub struct Checks {
    errors: FieldErrors,
}

impl Checks {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn fail(&mut self, field: &str, rule: RuleCode) {
        let rules = self.errors.entry(field.to_owned()).or_default();
        if !rules.contains(&rule) {
            rules.push(rule);
        }
    }

    /// How many fields broke a rule so far.
    pub fn count(&self) -> usize {
        self.errors.len()
    }

    pub fn has_failed(&self, field: &str) -> bool {
        self.errors.contains_key(field)
    }

    /// A required text of at most `max_chars`, trimmed; empty when it failed.
    pub fn text(&mut self, field: &str, value: Option<&str>, max_chars: usize) -> String {
        match value.map(str::trim).filter(|text| !text.is_empty()) {
            None => {
                self.fail(field, RuleCode::Required);
                String::new()
            }
            Some(text) if text.chars().count() > max_chars => {
                self.fail(field, RuleCode::TooLong);
                String::new()
            }
            Some(text) => text.to_owned(),
        }
    }

    /// An optional text of at most `max_chars`, trimmed; `None` when absent or blank.
    pub fn optional_text(&mut self, field: &str, value: Option<&str>, max_chars: usize) -> Option<String> {
        let text = value.map(str::trim).filter(|text| !text.is_empty())?;
        if text.chars().count() > max_chars {
            self.fail(field, RuleCode::TooLong);
            return None;
        }
        Some(text.to_owned())
    }

    /// A required email address, lowercased.
    pub fn email(&mut self, field: &str, value: Option<&str>) -> String {
        let email = self.text(field, value, 254).to_lowercase();
        if !email.is_empty() && !looks_like_an_email(&email) {
            self.fail(field, RuleCode::InvalidEmail);
        }
        email
    }

    /// A phone number: 6 to 15 digits with spaces, `+`, `-`, `.` and parentheses.
    pub fn phone(&mut self, field: &str, value: Option<&str>, required: bool) -> Option<String> {
        let phone = if required { Some(self.text(field, value, 30)) } else { self.optional_text(field, value, 30) };
        let phone = phone.filter(|phone| !phone.is_empty())?;
        let digits = phone.chars().filter(char::is_ascii_digit).count();
        let allowed = phone.chars().all(|c| c.is_ascii_digit() || " +-.()".contains(c));
        if !allowed || !(6..=15).contains(&digits) {
            self.fail(field, RuleCode::InvalidPhone);
        }
        Some(phone)
    }

    /// A required `YYYY-MM-DD` birthdate of someone [`MIN_AGE_YEARS`] to 120 years old.
    pub fn birthdate(&mut self, field: &str, value: Option<&str>) -> Option<NaiveDate> {
        let text = self.text(field, value, 10);
        if text.is_empty() {
            return None;
        }
        let Ok(date) = NaiveDate::parse_from_str(&text, "%Y-%m-%d") else {
            self.fail(field, RuleCode::InvalidDate);
            return None;
        };
        let today = Utc::now().date_naive();
        let age = today.year() - date.year() - i32::from((today.month(), today.day()) < (date.month(), date.day()));
        if age < MIN_AGE_YEARS {
            self.fail(field, RuleCode::TooYoung);
        } else if age > 120 {
            self.fail(field, RuleCode::InvalidDate);
        }
        Some(date)
    }

    /// Records `unknown` for `field` when the request names, by `id`, no row of `table`. Nothing
    /// is asked of the database when the id is absent: whether it is required is checked apart.
    pub async fn known_row(
        &mut self,
        db: &PgPool,
        field: &str,
        table: &'static str,
        id: Option<impl Into<i64>>,
    ) -> sqlx::Result<()> {
        let Some(id) = id else { return Ok(()) };
        let sql = format!("select exists (select 1 from {table} where id = $1)");
        let known: bool = sqlx::query_scalar(AssertSqlSafe(&*sql)).bind(id.into()).fetch_one(db).await?;
        if !known {
            self.fail(field, RuleCode::Unknown);
        }
        Ok(())
    }

    pub fn finish(self) -> Result<(), Error> {
        if self.errors.is_empty() { Ok(()) } else { Err(Error::Validation(self.errors)) }
    }
}

/// One `@`, something before it, a dot in a domain after it, no spaces: strict enough to catch
/// typos, loose enough for every real address. Delivery is the real test (validation link).
pub fn looks_like_an_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.contains('@')
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !email.chars().any(char::is_whitespace)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_broken_rule_is_reported_by_field() {
        let mut checks = Checks::new();
        checks.text("firstname", None, 100);
        checks.text("lastname", Some("x".repeat(101).as_str()), 100);
        checks.email("email", Some("not-an-email"));
        let Err(Error::Validation(errors)) = checks.finish() else { panic!("expected a validation error") };
        assert_eq!(errors["firstname"], [RuleCode::Required]);
        assert_eq!(errors["lastname"], [RuleCode::TooLong]);
        assert_eq!(errors["email"], [RuleCode::InvalidEmail]);
    }

    #[test]
    fn emails_are_checked_loosely() {
        assert!(looks_like_an_email("lea.durand+jobs@example.co.uk"));
        assert!(!looks_like_an_email("lea@localhost"));
        assert!(!looks_like_an_email("lea@@example.org"));
        assert!(!looks_like_an_email("le a@example.org"));
    }
}
