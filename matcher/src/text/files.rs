//! A segment's tantivy indexes saved as their files and opened again (see [`crate::image`]):
//! reading them back is a copy, where indexing the texts again was most of a build.

use std::io::{self, Write};
use std::path::Path;

use tantivy::directory::RamDirectory;
use tantivy::schema::Schema;
use tantivy::{Directory, Index, Searcher};

use super::{TextIndex, schema, searcher_of, tokenizers};
use crate::image::{ImageError, ImageReader, put_blob, put_length, put_value};

/// The files tantivy writes without listing them among its managed files.
const UNMANAGED_FILES: [&str; 2] = ["meta.json", ".managed.json"];

impl TextIndex {
    /// Documents indexed, one per row.
    pub(crate) fn documents(&self) -> usize {
        self.chunks.iter().map(|searcher| searcher.num_docs() as usize).sum()
    }

    /// Writes the range size, then each range's files as they are (footers and checksums included).
    pub(crate) fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        put_length(out, self.chunk_rows)?;
        put_length(out, self.chunks.len())?;
        for (searcher, directory) in self.chunks.iter().zip(&self.directories) {
            let managed = searcher.index().directory().list_managed_files();
            let mut names: Vec<String> = managed.iter().filter_map(|path| path.to_str().map(str::to_owned)).collect();
            names.extend(UNMANAGED_FILES.map(str::to_owned));
            names.sort_unstable();
            names.dedup();
            names.retain(|name| directory.exists(Path::new(name)).unwrap_or(false));
            put_length(out, names.len())?;
            for name in names {
                let bytes = directory.open_read(Path::new(&name)).map_err(io::Error::other)?.read_bytes()?;
                put_value(out, &name)?;
                put_blob(out, bytes.as_slice())?;
            }
        }
        Ok(())
    }
}

/// The files of a segment's text ranges as [`TextIndex::write_to`] wrote them, read but not opened.
pub(crate) struct TextFiles<'a> {
    chunk_rows: usize,
    /// Each range's files: name and bytes.
    chunks: Vec<Vec<(String, &'a [u8])>>,
}

impl<'a> TextFiles<'a> {
    pub(crate) fn read_from(input: &mut ImageReader<'a>) -> Result<TextFiles<'a>, ImageError> {
        let chunk_rows = input.size()?;
        let count = input.length()?;
        if count > 0 && chunk_rows == 0 {
            return Err(ImageError::Malformed("text ranges of no rows".to_owned()));
        }
        let chunks = (0..count)
            .map(|_| (0..input.length()?).map(|_| Ok((input.value()?, input.blob()?))).collect())
            .collect::<Result<_, ImageError>>()?;
        Ok(TextFiles { chunk_rows, chunks })
    }

    /// Opens the ranges, several at once.
    pub(crate) fn open(self) -> Result<TextIndex, ImageError> {
        use rayon::prelude::*;
        let (schema, fields) = schema();
        let opened: Vec<(Searcher, RamDirectory)> =
            self.chunks.into_par_iter().map(|files| open_range(files, &schema)).collect::<Result<_, _>>()?;
        let (chunks, directories) = opened.into_iter().unzip();
        Ok(TextIndex { chunks, directories, chunk_rows: self.chunk_rows, fields })
    }
}

fn open_range(files: Vec<(String, &[u8])>, schema: &Schema) -> Result<(Searcher, RamDirectory), ImageError> {
    let directory = RamDirectory::create();
    for (name, bytes) in files {
        directory.atomic_write(Path::new(&name), bytes).map_err(tantivy::TantivyError::from)?;
    }
    let mut index = Index::open(directory.clone())?;
    index.set_tokenizers(tokenizers());
    if index.schema() != *schema {
        return Err(ImageError::Malformed("a text index of another schema".to_owned()));
    }
    Ok((searcher_of(&index)?, directory))
}
