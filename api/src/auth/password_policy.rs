//! The password policy, the same in the web app's forms: 10 to 128 characters, at least one
//! letter and one digit, and not the email's local part inside (the first thing guessed).

pub const MIN_CHARS: usize = 10;
pub const MAX_CHARS: usize = 128;

/// Whether `password` may be used by the owner of `email`.
pub fn accepts(password: &str, email: &str) -> bool {
    let length = password.chars().count();
    let local_part = email.split('@').next().unwrap_or_default().to_lowercase();
    (MIN_CHARS..=MAX_CHARS).contains(&length)
        && password.chars().any(char::is_alphabetic)
        && password.chars().any(|character| character.is_ascii_digit())
        && (local_part.chars().count() < 3 || !password.to_lowercase().contains(&local_part))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_a_long_password_with_letters_and_digits() {
        assert!(accepts("Vivier-demo-2026", "camille@example.org"));
        assert!(accepts("été2026étéhiver", "x@example.org"));
    }

    #[test]
    fn refuses_short_letterless_digitless_or_email_based_passwords() {
        assert!(!accepts("abc123", "x@example.org"), "too short");
        assert!(!accepts("abcdefghijkl", "x@example.org"), "no digit");
        assert!(!accepts("1234567890123", "x@example.org"), "no letter");
        assert!(!accepts("camille.martin2026", "Camille.Martin@example.org"), "contains the email");
        assert!(!accepts(&format!("a1{}", "x".repeat(127)), "x@example.org"), "too long");
    }
}
