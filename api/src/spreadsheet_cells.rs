//! Cells of the CSV files the product writes and reads back (a campus's list, its import): a
//! spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (or a tab or carriage return
//! before one) as a formula, and a candidate chooses their own name. Written cells that would
//! start so get a leading apostrophe, which spreadsheets read as "this is text"; reading a file
//! back takes that apostrophe off again, so that an exported list can be edited and imported.

use std::borrow::Cow;

/// The characters that make a spreadsheet read a cell as a formula.
fn starts_a_formula(text: &str) -> bool {
    text.starts_with(['=', '+', '-', '@', '\t', '\r'])
}

/// `text` as a cell no spreadsheet runs.
pub fn formula_safe(text: &str) -> Cow<'_, str> {
    if starts_a_formula(text) { Cow::Owned(format!("'{text}")) } else { Cow::Borrowed(text) }
}

/// A cell read back: the apostrophe [`formula_safe`] put before a formula character is taken off.
pub fn read_back(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if starts_a_formula(rest) => rest,
        _ => cell,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_formula_is_written_as_text_and_read_back_as_it_was() {
        for formula in ["=HYPERLINK(\"https://evil.example\")", "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\t=1"] {
            let written = formula_safe(formula);
            assert!(written.starts_with('\''), "{formula}");
            assert_eq!(read_back(&written), formula);
        }
        for text in ["Léa", "O'Neil", "'quoted", "jean-luc@example.org", ""] {
            assert_eq!(formula_safe(text), text);
            assert_eq!(read_back(text), text);
        }
    }
}
