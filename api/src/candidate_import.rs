//! Reading the candidate files schools import: the spreadsheet a career service exports, as it
//! comes. Nothing here touches the database: [`read_file`] turns bytes into rows with their line
//! numbers, and [`check_rows`] checks each row against the campus's programs and the parcours,
//! so that both the "checking" and the "import" routes (and their benchmark) see the same rows
//! and the same problems.
//!
//! What a file may look like:
//! - UTF-8 with or without a byte order mark, UTF-16 with one (Excel's "Unicode text"), or
//!   Windows-1252 (Excel's "CSV" on a French Windows): a file that is not valid UTF-8 and has no
//!   BOM is read as Windows-1252, which decodes any byte;
//! - `;`, `,` or tab between fields, whichever the header line uses most; CRLF or LF line ends;
//!   fields quoted with `"` (and `""` inside them);
//! - headers in French or English, in any case, with or without accents (`Prénom`, `first name`,
//!   `E-mail`, `Courriel`...); unknown columns are ignored.

use std::borrow::Cow;
use std::collections::HashMap;

use serde::Serialize;

use crate::codes::RuleCode;
use crate::folding::same_folded;
use crate::spreadsheet_cells::read_back;
use crate::validation::looks_like_an_email;

/// Largest file an import reads (a 20,000-row export weighs about 1.5 MB).
pub const MAX_FILE_BYTES: usize = 5 * 1024 * 1024;
/// Most rows one import reads: a large university's intake, not its alumni database.
pub const MAX_ROWS: usize = 20_000;
/// Longest name or program a cell may hold (the schema's limits).
const MAX_NAME_CHARS: usize = 100;
const MAX_PROGRAM_CHARS: usize = 200;

/// The columns an import reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ImportColumn {
    Firstname,
    Lastname,
    Email,
    Program,
    Parcours,
}

impl ImportColumn {
    pub fn field(self) -> &'static str {
        match self {
            ImportColumn::Firstname => "firstname",
            ImportColumn::Lastname => "lastname",
            ImportColumn::Email => "email",
            ImportColumn::Program => "program",
            ImportColumn::Parcours => "parcours",
        }
    }

    /// The column a header names, compared without case, accents, spaces, dashes or dots.
    fn from_header(header: &str) -> Option<ImportColumn> {
        let key = crate::folding::fold(header).replace(' ', "");
        match key.as_str() {
            "prenom" | "firstname" | "givenname" => Some(ImportColumn::Firstname),
            "nom" | "nomdefamille" | "lastname" | "surname" | "familyname" => Some(ImportColumn::Lastname),
            "courriel" | "email" | "mail" | "adressemail" | "adresseemail" | "adressecourriel" | "emailaddress" => {
                Some(ImportColumn::Email)
            }
            "programme" | "program" | "programs" | "programmes" => Some(ImportColumn::Program),
            "parcours" | "track" | "pathway" => Some(ImportColumn::Parcours),
            _ => None,
        }
    }
}

/// How the file was read, for the report.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct FileFormat {
    /// `UTF-8`, `UTF-16LE`, `UTF-16BE` or `windows-1252`.
    pub encoding: String,
    /// The field separator: `;`, `,` or a tab.
    pub separator: String,
}

/// One row of the file, its cells trimmed.
#[derive(Debug, Clone, Default)]
pub struct ImportRow {
    /// The file's line where the row starts (the header is line 1).
    pub line: u64,
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    pub program: String,
    pub parcours: String,
}

/// Why a whole file is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileRefusal {
    TooLarge,
    TooManyRows,
    /// Not text, or CSV that cannot be split into fields.
    Unreadable,
    /// The header lacks these required columns.
    MissingColumns(Vec<ImportColumn>),
}

/// A file's rows and how it was read.
#[derive(Debug)]
pub struct ImportFile {
    pub format: FileFormat,
    pub rows: Vec<ImportRow>,
}

/// Decodes the file's text (see the module doc for the encodings).
fn decode(bytes: &[u8]) -> Result<(Cow<'_, str>, &'static str), FileRefusal> {
    if let Some((encoding, bom_length)) = encoding_rs::Encoding::for_bom(bytes) {
        let (text, had_errors) = encoding.decode_without_bom_handling(&bytes[bom_length..]);
        return if had_errors { Err(FileRefusal::Unreadable) } else { Ok((text, encoding.name())) };
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok((Cow::Borrowed(text), "UTF-8")),
        Err(_) => Ok((encoding_rs::WINDOWS_1252.decode_without_bom_handling(bytes).0, "windows-1252")),
    }
}

/// The separator the header line uses most, `;` when it uses none.
fn detect_separator(text: &str) -> u8 {
    let header = text.lines().next().unwrap_or_default();
    let count = |separator: u8| header.bytes().filter(|&byte| byte == separator).count();
    [b'\t', b',', b';']
        .into_iter()
        .filter(|&separator| count(separator) > 0)
        .max_by_key(|&separator| count(separator))
        .unwrap_or(b';')
}

/// Reads `bytes` as a candidate file (see the module doc).
pub fn read_file(bytes: &[u8]) -> Result<ImportFile, FileRefusal> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(FileRefusal::TooLarge);
    }
    let (text, encoding) = decode(bytes)?;
    if text.contains('\0') {
        return Err(FileRefusal::Unreadable);
    }
    let separator = detect_separator(&text);
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(separator)
        .has_headers(false)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let mut records = reader.records();
    let header = match records.next() {
        Some(Ok(header)) => header,
        Some(Err(_)) => return Err(FileRefusal::Unreadable),
        None => return Err(FileRefusal::MissingColumns(required_columns().to_vec())),
    };
    let mut positions: HashMap<ImportColumn, usize> = HashMap::new();
    for (index, cell) in header.iter().enumerate() {
        if let Some(column) = ImportColumn::from_header(cell) {
            positions.entry(column).or_insert(index);
        }
    }
    let missing: Vec<ImportColumn> =
        required_columns().iter().copied().filter(|column| !positions.contains_key(column)).collect();
    if !missing.is_empty() {
        return Err(FileRefusal::MissingColumns(missing));
    }
    let mut rows = Vec::new();
    let mut line_counter = LineCounter { text: text.as_bytes(), counted_to: 0, line: 1 };
    for record in records {
        let record = record.map_err(|_| FileRefusal::Unreadable)?;
        let line = line_counter.line_of(record.position().map_or(0, csv::Position::byte));
        if record.iter().all(str::is_empty) {
            continue;
        }
        if rows.len() == MAX_ROWS {
            return Err(FileRefusal::TooManyRows);
        }
        let cell = |column| {
            let text = positions.get(&column).and_then(|&index| record.get(index)).unwrap_or_default();
            read_back(text).to_owned()
        };
        rows.push(ImportRow {
            line,
            firstname: cell(ImportColumn::Firstname),
            lastname: cell(ImportColumn::Lastname),
            email: cell(ImportColumn::Email).to_lowercase(),
            program: cell(ImportColumn::Program),
            parcours: cell(ImportColumn::Parcours),
        });
    }
    let separator = if separator == b'\t' { "\t".to_owned() } else { char::from(separator).to_string() };
    Ok(ImportFile { format: FileFormat { encoding: encoding.to_owned(), separator }, rows })
}

/// The line a record starts on. The reader's own line count starts a record where the previous
/// one's line end was read (before a CRLF's `\n` and blank lines), so the lines are counted here
/// from the record's first character.
struct LineCounter<'a> {
    text: &'a [u8],
    counted_to: usize,
    line: u64,
}

impl LineCounter<'_> {
    fn line_of(&mut self, record_byte: u64) -> u64 {
        let mut start = usize::try_from(record_byte).unwrap_or(usize::MAX).min(self.text.len());
        while self.text.get(start).is_some_and(|byte| matches!(byte, b'\r' | b'\n')) {
            start += 1;
        }
        if start > self.counted_to {
            self.line += self.text[self.counted_to..start].iter().filter(|&&byte| byte == b'\n').count() as u64;
            self.counted_to = start;
        }
        self.line
    }
}

fn required_columns() -> &'static [ImportColumn] {
    &[ImportColumn::Firstname, ImportColumn::Lastname, ImportColumn::Email, ImportColumn::Program]
}

/// What is wrong with one row, named by its line and field.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct ImportProblem {
    /// The file's line (the header is line 1).
    pub line: u64,
    pub field: ImportColumn,
    pub code: RuleCode,
    /// The cell as read, when there is one.
    pub value: Option<String>,
    /// For a duplicate: the line where the same email first appears.
    pub first_line: Option<u64>,
}

/// A row that passed every check of [`check_rows`], with its program and parcours ids.
#[derive(Debug, Clone)]
pub struct ValidRow {
    pub line: u64,
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    pub program_id: i64,
    pub parcours_id: Option<i16>,
}

/// What the checks that need no account lookup make of the rows.
#[derive(Debug, Default)]
pub struct CheckedRows {
    pub valid: Vec<ValidRow>,
    pub problems: Vec<ImportProblem>,
}

/// A parcours of the reference list, with every name a file may give it.
pub struct ParcoursNames {
    pub id: i16,
    pub code: String,
    pub label_fr: String,
    pub label_en: String,
}

/// Checks each row: names and email present and well formed, an email once in the file, a
/// program of the campus, a known parcours (or none). Programs and parcours are matched without
/// case; `programs` maps a campus's program names, folded ([`crate::folding::fold`]), to their ids.
pub fn check_rows(rows: Vec<ImportRow>, programs: &HashMap<String, i64>, parcours: &[ParcoursNames]) -> CheckedRows {
    let mut checked = CheckedRows::default();
    let mut first_line_of_email: HashMap<String, u64> = HashMap::with_capacity(rows.len());
    for row in rows {
        let before = checked.problems.len();
        let mut problem = |field: ImportColumn, code: RuleCode, value: &str, first_line: Option<u64>| {
            let value = (!value.is_empty()).then(|| value.to_owned());
            checked.problems.push(ImportProblem { line: row.line, field, code, value, first_line });
        };
        for (field, value) in [(ImportColumn::Firstname, &row.firstname), (ImportColumn::Lastname, &row.lastname)] {
            if value.is_empty() {
                problem(field, RuleCode::Required, value, None);
            } else if value.chars().count() > MAX_NAME_CHARS {
                problem(field, RuleCode::TooLong, value, None);
            }
        }
        if row.email.is_empty() {
            problem(ImportColumn::Email, RuleCode::Required, "", None);
        } else if row.email.len() > 254 || !looks_like_an_email(&row.email) {
            problem(ImportColumn::Email, RuleCode::InvalidEmail, &row.email, None);
        } else if let Some(&first_line) = first_line_of_email.get(&row.email) {
            problem(ImportColumn::Email, RuleCode::Duplicate, &row.email, Some(first_line));
        } else {
            first_line_of_email.insert(row.email.clone(), row.line);
        }
        let program_id = if row.program.is_empty() {
            problem(ImportColumn::Program, RuleCode::Required, "", None);
            None
        } else if row.program.chars().count() > MAX_PROGRAM_CHARS {
            problem(ImportColumn::Program, RuleCode::TooLong, &row.program, None);
            None
        } else {
            let found = programs.get(&crate::folding::fold(&row.program)).copied();
            if found.is_none() {
                problem(ImportColumn::Program, RuleCode::Unknown, &row.program, None);
            }
            found
        };
        let parcours_id = if row.parcours.is_empty() {
            None
        } else {
            let found = parcours.iter().find(|known| {
                [&known.code, &known.label_fr, &known.label_en].iter().any(|name| same_folded(name, &row.parcours))
            });
            if found.is_none() {
                problem(ImportColumn::Parcours, RuleCode::Unknown, &row.parcours, None);
            }
            found.map(|known| known.id)
        };
        if checked.problems.len() == before {
            checked.valid.push(ValidRow {
                line: row.line,
                firstname: row.firstname,
                lastname: row.lastname,
                email: row.email,
                program_id: program_id.expect("checked"),
                parcours_id,
            });
        }
    }
    checked
}

#[cfg(test)]
mod tests {
    use super::*;

    fn programs() -> HashMap<String, i64> {
        HashMap::from([("bachelor commerce".to_owned(), 1), ("master marketing".to_owned(), 2)])
    }

    fn parcours() -> Vec<ParcoursNames> {
        vec![ParcoursNames {
            id: 2,
            code: "work_study".into(),
            label_fr: "Alternance".into(),
            label_en: "Work-study".into(),
        }]
    }

    #[test]
    fn a_windows_1252_file_with_semicolons_and_french_headers_is_read_with_its_accents() {
        let (bytes, _, _) = encoding_rs::WINDOWS_1252
            .encode("Prénom;Nom;Courriel;Programme;Parcours\r\nHélène;Lefèvre;h@example.org;Bachelor Commerce;\r\n");
        let file = read_file(&bytes).unwrap();
        assert_eq!((file.format.encoding.as_str(), file.format.separator.as_str()), ("windows-1252", ";"));
        assert_eq!(file.rows.len(), 1);
        assert_eq!((file.rows[0].firstname.as_str(), file.rows[0].lastname.as_str()), ("Hélène", "Lefèvre"));
        assert_eq!(file.rows[0].line, 2);
    }

    #[test]
    fn a_utf8_file_with_a_bom_commas_and_quoted_fields_keeps_line_numbers() {
        let text = "\u{feff}First name,Last name,E-mail,Program\n\"Zoé\",\"O'Neil, Jr\",Z@Example.org,\"Master\nMarketing\"\n\nAnn,Lee,ann@example.org,Bachelor Commerce\n";
        let file = read_file(text.as_bytes()).unwrap();
        assert_eq!((file.format.encoding.as_str(), file.format.separator.as_str()), ("UTF-8", ","));
        assert_eq!(file.rows.len(), 2);
        assert_eq!(file.rows[0].lastname, "O'Neil, Jr");
        assert_eq!(file.rows[0].email, "z@example.org");
        assert_eq!(file.rows[0].line, 2);
        assert_eq!(file.rows[1].line, 5, "the quoted line break counts, the blank line is skipped");
    }

    #[test]
    fn a_utf16_file_with_tabs_is_read() {
        let text = "firstname\tlastname\temail\tprogram\r\nLi\tWu\tli@example.org\tBachelor Commerce\r\n";
        let mut bytes = vec![0xFF, 0xFE];
        bytes.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
        let file = read_file(&bytes).unwrap();
        assert_eq!((file.format.encoding.as_str(), file.format.separator.as_str()), ("UTF-16LE", "\t"));
        assert_eq!(file.rows[0].firstname, "Li");
    }

    #[test]
    fn missing_columns_and_oversized_files_are_refused_whole() {
        assert_eq!(
            read_file(b"prenom;nom\nA;B\n").unwrap_err(),
            FileRefusal::MissingColumns(vec![ImportColumn::Email, ImportColumn::Program])
        );
        assert_eq!(read_file(&vec![b'a'; MAX_FILE_BYTES + 1]).unwrap_err(), FileRefusal::TooLarge);
        let mut many = String::from("prenom;nom;email;programme\n");
        for index in 0..=MAX_ROWS {
            many.push_str(&format!("a;b;{index}@example.org;x\n"));
        }
        assert_eq!(read_file(many.as_bytes()).unwrap_err(), FileRefusal::TooManyRows);
    }

    #[test]
    fn every_problem_is_named_by_line_and_field() {
        let text = "prenom;nom;email;programme;parcours\n\
                    Ana;Diaz;ana@example.org;bachelor commerce;Alternance\n\
                    ;Diaz;not-an-email;Master Marketing;\n\
                    Bob;Ray;ANA@example.org;Licence;Erasmus\n";
        let file = read_file(text.as_bytes()).unwrap();
        let checked = check_rows(file.rows, &programs(), &parcours());
        assert_eq!(checked.valid.len(), 1);
        assert_eq!((checked.valid[0].program_id, checked.valid[0].parcours_id), (1, Some(2)));
        let named: Vec<(u64, ImportColumn, RuleCode)> =
            checked.problems.iter().map(|problem| (problem.line, problem.field, problem.code)).collect();
        assert_eq!(
            named,
            [
                (3, ImportColumn::Firstname, RuleCode::Required),
                (3, ImportColumn::Email, RuleCode::InvalidEmail),
                (4, ImportColumn::Email, RuleCode::Duplicate),
                (4, ImportColumn::Program, RuleCode::Unknown),
                (4, ImportColumn::Parcours, RuleCode::Unknown),
            ]
        );
        assert_eq!(checked.problems[2].first_line, Some(2));
    }
}
