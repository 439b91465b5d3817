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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_fold_accents_and_separators() {
        assert_eq!(slugify("Léa Da Silva 12"), "lea-da-silva-12");
        assert_eq!(slugify("  Élise -- Guérin!"), "elise-guerin");
        assert_eq!(slugify("Zoë Œuvray"), "zoe-oeuvray");
    }
}
