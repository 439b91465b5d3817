//! Cells of the CSV files the product writes and reads back (a campus's list, its import): a
//! spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (or a tab or carriage return
//! before one) as a formula, and a candidate chooses their own name. Written cells that would
//! start so get a leading apostrophe, which spreadsheets read as "this is text"; reading a file
//! back takes that apostrophe off again, so that an exported list can be edited and imported.
//!
//! [`csv_file`] writes a whole file the way French and English spreadsheets open it.

use std::borrow::Cow;

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use crate::locale::Locale;

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

/// A CSV file of `headers` and `rows`, every text cell [`formula_safe`]: `;` for French users and
/// `,` otherwise (as their spreadsheets expect), UTF-8 with a byte-order mark so that Excel shows
/// accents.
pub fn csv_file<'r>(
    locale: Locale,
    headers: &[&str],
    rows: impl IntoIterator<Item = Vec<Cow<'r, str>>>,
) -> anyhow::Result<Vec<u8>> {
    let separator = match locale {
        Locale::Fr => b';',
        Locale::En => b',',
    };
    let mut writer = csv::WriterBuilder::new().delimiter(separator).from_writer(b"\xEF\xBB\xBF".to_vec());
    writer.write_record(headers)?;
    for row in rows {
        writer.write_record(
            row.iter().map(|cell| formula_safe(cell)).collect::<Vec<_>>().iter().map(|cell| cell.as_bytes()),
        )?;
    }
    writer.into_inner().map_err(|error| anyhow::anyhow!("{error}"))
}

/// The answer that downloads `file` as `filename` (ASCII).
pub fn csv_attachment(filename: &str, file: Vec<u8>) -> Response {
    let disposition = format!("attachment; filename=\"{filename}\"");
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("text/csv; charset=utf-8")),
            (header::CONTENT_DISPOSITION, HeaderValue::from_str(&disposition).expect("an ASCII file name")),
        ],
        file,
    )
        .into_response()
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
