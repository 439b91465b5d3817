//! Folding text so that people find names however they type them: "Helene" finds "Hélène",
//! "lukasz walesa" finds "Łukasz Wałęsa", "weiss" finds "Weiß". The `deunicode` crate
//! transliterates every script to ASCII (ł → l, ß → ss, đ → d, ø → o, æ → ae, œ → oe, ễ → e,
//! ı → i, Иван → Ivan), so no letter is lost, as a hand-written table of accents lost them.
//!
//! Slugs, the place search and the import's matching of programs and columns fold here. Name
//! filters in SQL fold in the database with its `fold` function (migration 0024), on both sides
//! of the comparison.

/// Lowercase ASCII words separated by single spaces: each character transliterated, every run of
/// anything but letters and digits one space.
pub fn fold(text: &str) -> String {
    // only letters and digits are transliterated (deunicode would spell an emoji's name); one
    // it cannot transliterate (a private-use code point) separates words rather than read "[?]"
    let letters: String =
        text.chars().map(|character| if character.is_alphanumeric() { character } else { ' ' }).collect();
    let ascii = deunicode::deunicode_with_tofu(&letters, " ");
    let mut folded = String::with_capacity(ascii.len());
    for word in ascii.split(|character: char| !character.is_ascii_alphanumeric()).filter(|word| !word.is_empty()) {
        if !folded.is_empty() {
            folded.push(' ');
        }
        folded.extend(word.chars().map(|character| character.to_ascii_lowercase()));
    }
    folded
}

/// Whether two texts are the same once folded.
pub fn same_folded(a: &str, b: &str) -> bool {
    fold(a) == fold(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_many_languages_keep_every_letter() {
        assert_eq!(fold("Łukasz Wałęsa"), "lukasz walesa", "Polish");
        assert_eq!(fold("Jürgen Weiß"), "jurgen weiss", "German");
        assert_eq!(fold("Nguyễn Văn An"), "nguyen van an", "Vietnamese");
        assert_eq!(fold("Đorđe Đoković"), "dorde dokovic", "Serbian");
        assert_eq!(fold("Işıl Çağlar Şahin Gök"), "isil caglar sahin gok", "Turkish");
        assert_eq!(fold("Søren Ærø Åsa Øyvind"), "soren aero asa oyvind", "Nordic");
        assert_eq!(fold("Hélène Œuvray-Lætitia"), "helene oeuvray laetitia", "French");
    }

    #[test]
    fn other_scripts_are_transliterated_and_separators_collapse() {
        assert_eq!(fold("Иван Петров"), "ivan petrov");
        assert_eq!(fold("  L'Haÿ -- les-Roses! "), "l hay les roses");
        assert_eq!(fold("🎓"), "");
        assert!(same_folded("HELENE", "Hélène"));
    }
}
