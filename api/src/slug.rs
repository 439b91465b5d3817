//! URL-safe slugs for public profile addresses (`/candidat/camille-martin-1000`).

/// Lowercase ASCII words joined by hyphens, folded ([`crate::folding::fold`]).
pub fn slugify(text: &str) -> String {
    crate::folding::fold(text).replace(' ', "-")
}

/// The slug of a candidate's public profile: the name's words, then the id, which makes it unique.
/// Names in other scripts are transliterated (Иван Петров: `ivan-petrov-13`); a name with nothing
/// to transliterate gives the id alone. A slug is written once, when the profile is created, so
/// that a link shared once keeps working: folding names better changes only new slugs.
pub fn profile_slug(name: &str, candidate_id: i64) -> String {
    match slugify(name) {
        words if words.is_empty() => candidate_id.to_string(),
        words => format!("{words}-{candidate_id}"),
    }
}

/// Whether `text` has the shape of a slug (`^[a-z0-9]+(-[a-z0-9]+)*$`, as the schema checks).
pub fn is_slug(text: &str) -> bool {
    text.split('-')
        .all(|word| !word.is_empty() && word.bytes().all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_lowercase_words_joined_by_single_hyphens() {
        for slug in ["camille-martin-1000", "lea", "1000", "a-1"] {
            assert!(is_slug(slug), "{slug}");
        }
        for not_slug in ["", "-lea", "lea-", "lea--martin", "Lea", "léa", "lea martin", "lea_martin", "../etc"] {
            assert!(!is_slug(not_slug), "{not_slug}");
        }
    }

    #[test]
    fn slugs_fold_accents_and_separators() {
        assert_eq!(slugify("Léa Da Silva 12"), "lea-da-silva-12");
        assert_eq!(slugify("  Élise -- Guérin!"), "elise-guerin");
        assert_eq!(slugify("Zoë Œuvray"), "zoe-oeuvray");
    }

    #[test]
    fn a_profile_slug_is_valid_whatever_the_script_of_the_name() {
        assert_eq!(profile_slug("Léa Da Silva", 12), "lea-da-silva-12");
        assert_eq!(profile_slug("Иван Петров", 13), "ivan-petrov-13");
        assert_eq!(profile_slug("Łukasz Wałęsa", 14), "lukasz-walesa-14");
        assert_eq!(profile_slug("Jürgen Weiß", 15), "jurgen-weiss-15");
        assert_eq!(profile_slug("Nguyễn Văn An", 16), "nguyen-van-an-16");
        assert_eq!(profile_slug("🎓", 17), "17");
        for slug in [profile_slug("Иван Петров", 13), profile_slug("王伟", 18)] {
            assert!(is_slug(&slug), "{slug}");
        }
    }
}
