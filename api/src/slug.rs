//! URL-safe slugs for public profile addresses (`/candidat/camille-martin-1000`).

/// Lowercase ASCII words joined by hyphens; accents folded.
pub fn slugify(text: &str) -> String {
    let mut slug = String::with_capacity(text.len());
    for character in crate::localization_search::normalize(text).chars() {
        if character.is_ascii_alphanumeric() {
            slug.push(character);
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    slug.trim_end_matches('-').to_owned()
}

/// The slug of a candidate's public profile: the name's words, then the id, which makes it unique.
/// A name with no Latin letter or digit (Cyrillic, Chinese, …) gives the id alone.
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
        assert_eq!(profile_slug("Иван Петров", 13), "13");
        assert_eq!(profile_slug("王伟", 14), "14");
        assert_eq!(profile_slug("Ana 王", 15), "ana-15");
        for slug in [profile_slug("Иван Петров", 13), profile_slug("Ana 王", 15)] {
            assert!(is_slug(&slug), "{slug}");
        }
    }
}
