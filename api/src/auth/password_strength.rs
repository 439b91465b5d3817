//! The strength rule of new passwords. The composition rules of [`super::password_policy`] let
//! `password12`, `Azerty1234` or `aaaaaaaaa1` through, and a cracker tries those first. zxcvbn
//! estimates how many guesses a password resists, knowing common passwords, words and names,
//! keyboard walks, repeats, sequences and dates; the owner's own names and the product's name
//! are given to it as words tried first. A new password must reach its score 3 (about 10^10
//! guesses), which it describes as moderate protection against an offline attack on a slow hash
//! (ours is Argon2).
//!
//! The web app shows the same estimate (zxcvbn-ts) as the password is typed, as a hint only:
//! its dictionaries differ from this crate's, and this check is the rule.

use zxcvbn::{Score, zxcvbn};

use crate::error::Result;
use crate::password;

/// The lowest score accepted.
const MIN_SCORE: Score = Score::Three;

/// Words of the product an attacker tries first against its accounts.
const PRODUCT_WORDS: [&str; 5] = ["vivier", "candidat", "candidate", "recruteur", "recruiter"];

/// What is known of the person choosing a password: where a targeted guess starts.
pub struct PasswordOwner<'a> {
    pub email: &'a str,
    pub firstname: &'a str,
    pub lastname: &'a str,
}

impl PasswordOwner<'_> {
    /// The owner's words: their names, the email's local part and its pieces (`camille.martin`
    /// gives `camille` and `martin` too), and the product's words.
    fn words(&self) -> Vec<String> {
        let local_part = self.email.split('@').next().unwrap_or_default();
        let pieces = local_part.split(|character: char| !character.is_alphanumeric());
        [self.firstname, self.lastname, local_part]
            .into_iter()
            .chain(pieces)
            .chain(PRODUCT_WORDS)
            .map(str::trim)
            .filter(|word| !word.is_empty())
            .map(str::to_owned)
            .collect()
    }
}

/// Whether `password` resists enough guesses, its owner's words tried first. It runs on the
/// password threads: zxcvbn takes up to tens of milliseconds of CPU on a long password (it reads
/// the first 100 characters only, which bounds that).
pub async fn is_strong_enough(password: &str, owner: &PasswordOwner<'_>) -> Result<bool> {
    let password = password.to_owned();
    let words = owner.words();
    password::off_runtime(move || resists_enough_guesses(&password, &words)).await
}

fn resists_enough_guesses(password: &str, owner_words: &[String]) -> bool {
    let words: Vec<&str> = owner_words.iter().map(String::as_str).collect();
    zxcvbn(password, &words).score() >= MIN_SCORE
}

#[cfg(test)]
mod tests {
    use super::*;

    const CAMILLE: PasswordOwner =
        PasswordOwner { email: "camille.martin@example.org", firstname: "Camille", lastname: "Martin" };
    const ZOUBIDA: PasswordOwner =
        PasswordOwner { email: "zk@example.org", firstname: "Zoubida", lastname: "Kowalczyk" };
    const NOBODY: PasswordOwner = PasswordOwner { email: "x@example.org", firstname: "", lastname: "" };

    fn accepts(password: &str, owner: &PasswordOwner) -> bool {
        resists_enough_guesses(password, &owner.words())
    }

    #[test]
    fn refuses_common_passwords_keyboard_walks_sequences_and_repeats() {
        for password in ["password12", "Azerty1234", "1234567890a", "aaaaaaaaa1", "Qwerty2026!"] {
            assert!(!accepts(password, &NOBODY), "{password} is accepted");
        }
    }

    #[test]
    fn tries_the_owners_names_and_the_products_words_first() {
        // each is accepted from someone else, as zxcvbn does not know these words
        for (password, owner) in [("Zoubida1990!", &ZOUBIDA), ("Kowalczyk-1990", &ZOUBIDA), ("Vivier2026!", &CAMILLE)] {
            assert!(!accepts(password, owner), "{password} is accepted");
        }
        assert!(accepts("Zoubida1990!", &CAMILLE));
        assert!(accepts("Kowalczyk-1990", &CAMILLE));
    }

    #[test]
    fn takes_the_pieces_of_the_emails_local_part() {
        assert_eq!(
            CAMILLE.words()[..5],
            ["Camille", "Martin", "camille.martin", "camille", "martin"].map(str::to_owned)
        );
    }

    #[test]
    fn accepts_the_demo_password_and_passphrases() {
        for password in [
            crate::seed::DEMO_PASSWORD,
            "Une-phrase-de-passe-2026",
            "Un mot de passe solide 42",
            "correct horse battery staple",
            "été2026étéhiver",
            "Tortue-Lampadaire-Ciboulette-7",
        ] {
            assert!(accepts(password, &CAMILLE), "{password} is refused");
        }
    }

    #[test]
    fn accepts_the_passwords_the_tests_and_the_browser_tests_set() {
        // api/tests and web/tests/browser sign up, reset and change passwords with these
        for password in [
            "Vivier-test-2026",
            "Bonjour-Vivier-42",
            "Nouveau-mot-2026",
            "Premier-essai-2026",
            "Second-essai-2027",
            "Tutoriel-essai-2026",
            "Confluence-2026",
            "Another-Strong-Pass-2026",
            "Un-nouveau-mot-de-passe-42",
            "Un-autre-mot-de-passe-43",
            "Encore-un-mot-de-passe-44",
            "Un-dernier-mot-de-passe-45",
            "Vivier-demo-2027",
        ] {
            assert!(accepts(password, &CAMILLE), "{password} is refused");
        }
    }
}
