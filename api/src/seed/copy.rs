//! Bulk loading through Postgres `COPY ... FROM STDIN` in text format: the demo data set of a
//! million candidates is tens of millions of rows, which plain inserts would take an hour for.

use std::fmt::Write;

use sqlx::PgConnection;

/// Rows of one table waiting to be sent, in COPY text format.
pub struct CopyBuffer {
    table: &'static str,
    statement: String,
    rows: String,
    pending_rows: usize,
    sent_rows: u64,
}

/// A value of a COPY row; `None` is SQL null.
pub trait CopyValue {
    fn write_to(&self, out: &mut String);
}

impl CopyBuffer {
    /// `columns` as in `copy table (columns) from stdin`.
    pub fn new(table: &'static str, columns: &str) -> Self {
        Self {
            table,
            statement: format!("copy {table} ({columns}) from stdin"),
            rows: String::new(),
            pending_rows: 0,
            sent_rows: 0,
        }
    }

    pub fn table(&self) -> &'static str {
        self.table
    }

    /// Rows sent to the database so far.
    pub fn sent_rows(&self) -> u64 {
        self.sent_rows
    }

    /// Appends one row; the values must be in the order of the columns.
    pub fn row(&mut self, values: &[&dyn CopyValue]) {
        for (index, value) in values.iter().enumerate() {
            if index > 0 {
                self.rows.push('\t');
            }
            value.write_to(&mut self.rows);
        }
        self.rows.push('\n');
        self.pending_rows += 1;
    }

    /// Sends the pending rows and empties the buffer.
    pub async fn flush(&mut self, connection: &mut PgConnection) -> sqlx::Result<()> {
        if self.pending_rows == 0 {
            return Ok(());
        }
        let mut copy = connection.copy_in_raw(&self.statement).await?;
        copy.send(self.rows.as_bytes()).await?;
        copy.finish().await?;
        self.rows.clear();
        self.sent_rows += self.pending_rows as u64;
        self.pending_rows = 0;
        Ok(())
    }
}

impl CopyValue for str {
    fn write_to(&self, out: &mut String) {
        for character in self.chars() {
            match character {
                '\\' => out.push_str("\\\\"),
                '\t' => out.push_str("\\t"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                other => out.push(other),
            }
        }
    }
}

impl CopyValue for String {
    fn write_to(&self, out: &mut String) {
        self.as_str().write_to(out);
    }
}

impl CopyValue for &str {
    fn write_to(&self, out: &mut String) {
        (*self).write_to(out);
    }
}

macro_rules! copy_value_by_display {
    ($($type:ty),*) => {$(
        impl CopyValue for $type {
            fn write_to(&self, out: &mut String) {
                write!(out, "{self}").expect("writing to a String cannot fail");
            }
        }
    )*};
}
copy_value_by_display!(i16, i32, i64, u32, f64, bool, chrono::NaiveDate);

impl<T: CopyValue> CopyValue for Option<T> {
    fn write_to(&self, out: &mut String) {
        match self {
            Some(value) => value.write_to(out),
            None => out.push_str("\\N"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_escape_separators_and_write_null() {
        let mut buffer = CopyBuffer::new("t", "a, b, c");
        buffer.row(&[&"tab\there\nnew\\line", &None::<i64>, &42_i64]);
        assert_eq!(buffer.rows, "tab\\there\\nnew\\\\line\t\\N\t42\n");
    }
}
