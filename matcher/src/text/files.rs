//! A segment's tantivy indexes saved as their files and opened again (see [`crate::image`]):
//! reading them back is a copy, where indexing the texts again was most of a build.

use std::io::{self, Write};
use std::path::Path;

use tantivy::directory::RamDirectory;
use tantivy::{Directory, Index};

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

    /// Opens the ranges [`TextIndex::write_to`] wrote.
    pub(crate) fn read_from(input: &mut ImageReader<'_>) -> Result<TextIndex, ImageError> {
        let chunk_rows = input.size()?;
        let (schema, fields) = schema();
        let count = input.length()?;
        if count > 0 && chunk_rows == 0 {
            return Err(ImageError::Malformed("text ranges of no rows".to_owned()));
        }
        let (mut chunks, mut directories) = (Vec::new(), Vec::new());
        for _ in 0..count {
            let directory = RamDirectory::create();
            for _ in 0..input.length()? {
                let name: String = input.value()?;
                let bytes = input.blob()?;
                directory.atomic_write(Path::new(&name), bytes).map_err(tantivy::TantivyError::from)?;
            }
            let mut index = Index::open(directory.clone())?;
            index.set_tokenizers(tokenizers());
            if index.schema() != schema {
                return Err(ImageError::Malformed("a text index of another schema".to_owned()));
            }
            chunks.push(searcher_of(&index)?);
            directories.push(directory);
        }
        Ok(TextIndex { chunks, directories, chunk_rows, fields })
    }
}
