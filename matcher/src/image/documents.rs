//! A run's documents as its image keeps them: each field in a fixed little-endian layout, its lists
//! after their length, the text left out (the segment's texts are saved beside).
//!
//! MessagePack through serde took a fifth of a restart at 1M: the internally tagged localizations
//! are buffered by serde before they are read, and each date and country went through a string.
//! This layout reads each field straight into the document. It belongs to the build that wrote it,
//! as the whole image does.

use std::io::{self, Write};
use std::ops::Range;

use chrono::{Datelike, NaiveDate};

use super::{ImageError, ImageReader, put_length};
use crate::model::{CandidateDoc, CountryCode, FindableBy, JobLocalization, LanguageSkill, SoftSkillShare};
use crate::segment::DocumentRows;

const PLACE: u8 = 0;
const WHOLE_COUNTRY: u8 = 1;
const SEARCHABLE: u8 = 1;
const SCHOOL_PARTNERS_ONLY: u8 = 2;
const IN_A_SCHOOL: u8 = 4;

/// Writes a document, without its text, after its length (so that documents decode in parallel).
pub(super) fn put_document(out: &mut impl Write, doc: &CandidateDoc) -> io::Result<()> {
    let mut bytes = Vec::with_capacity(96);
    bytes.extend_from_slice(&doc.candidate_id.to_le_bytes());
    put_list(&mut bytes, &doc.localizations, |bytes, localization| match localization {
        JobLocalization::Place { place_id, lat, lng, country } => {
            bytes.push(PLACE);
            bytes.extend_from_slice(&place_id.to_le_bytes());
            bytes.extend_from_slice(&lat.to_le_bytes());
            bytes.extend_from_slice(&lng.to_le_bytes());
            bytes.extend_from_slice(country.as_str().as_bytes());
        }
        JobLocalization::Country { country } => {
            bytes.push(WHOLE_COUNTRY);
            bytes.extend_from_slice(country.as_str().as_bytes());
        }
    });
    put_list(&mut bytes, &doc.job_categories, |bytes, category| bytes.extend_from_slice(&category.to_le_bytes()));
    put_list(&mut bytes, &doc.contract_types, |bytes, contract| bytes.extend_from_slice(&contract.to_le_bytes()));
    bytes.extend_from_slice(&doc.minimum_duration_months.to_le_bytes());
    bytes.extend_from_slice(&doc.available_from.num_days_from_ce().to_le_bytes());
    bytes.push(doc.degree_level);
    put_list(&mut bytes, &doc.languages, |bytes, skill| {
        bytes.extend_from_slice(&skill.language.to_le_bytes());
        bytes.push(skill.level);
    });
    put_list(&mut bytes, &doc.soft_skills, |bytes, share| {
        bytes.extend_from_slice(&share.category.to_le_bytes());
        bytes.push(share.percent);
    });
    let mut flags = 0;
    if doc.searchable {
        flags |= SEARCHABLE;
    }
    if doc.findable_by == FindableBy::SchoolPartners {
        flags |= SCHOOL_PARTNERS_ONLY;
    }
    if doc.school_id.is_some() {
        flags |= IN_A_SCHOOL;
    }
    bytes.push(flags);
    if let Some(school_id) = doc.school_id {
        bytes.extend_from_slice(&school_id.to_le_bytes());
    }
    put_length(out, bytes.len())?;
    out.write_all(&bytes)
}

fn put_list<T>(bytes: &mut Vec<u8>, items: &[T], put: impl Fn(&mut Vec<u8>, &T)) {
    bytes.extend_from_slice(&(items.len() as u32).to_le_bytes());
    items.iter().for_each(|item| put(bytes, item));
}

/// A run's documents as its image holds them. A segment restored from them decodes each, as its
/// columns are built, into one reused document: a restore never allocates a million documents
/// (see `segment::DocumentRows`); a document that does not decode fails the restore.
pub(super) struct EncodedDocuments<'a>(pub(super) Vec<&'a [u8]>);

impl DocumentRows for EncodedDocuments<'_> {
    type Error = ImageError;

    fn rows(&self) -> usize {
        self.0.len()
    }

    fn for_each_in(&self, rows: Range<usize>, mut each: impl FnMut(&CandidateDoc)) -> Result<(), ImageError> {
        let mut doc = empty_document();
        for bytes in &self.0[rows] {
            read_document_into(bytes, &mut doc)?;
            each(&doc);
        }
        Ok(())
    }
}

fn empty_document() -> CandidateDoc {
    CandidateDoc {
        candidate_id: 0,
        localizations: Vec::new(),
        job_categories: Vec::new(),
        contract_types: Vec::new(),
        minimum_duration_months: 0,
        available_from: NaiveDate::default(),
        degree_level: 0,
        languages: Vec::new(),
        soft_skills: Vec::new(),
        searchable: false,
        findable_by: FindableBy::Everyone,
        school_id: None,
        text: String::new(),
    }
}

/// Reads a document [`put_document`] wrote (without its length) into `doc`, reusing its lists;
/// its text is left as it was.
fn read_document_into(bytes: &[u8], doc: &mut CandidateDoc) -> Result<(), ImageError> {
    let mut input = ImageReader::new(bytes);
    doc.candidate_id = i64::from_le_bytes(input.array()?);
    read_list_into(&mut input, 3, &mut doc.localizations, |input| {
        Ok(match input.byte()? {
            PLACE => JobLocalization::Place {
                place_id: u32::from_le_bytes(input.array()?),
                lat: f64::from_le_bytes(input.array()?),
                lng: f64::from_le_bytes(input.array()?),
                country: country(input)?,
            },
            WHOLE_COUNTRY => JobLocalization::Country { country: country(input)? },
            kind => return Err(ImageError::Malformed(format!("a localization of kind {kind}"))),
        })
    })?;
    read_list_into(&mut input, 2, &mut doc.job_categories, |input| Ok(u16::from_le_bytes(input.array()?)))?;
    read_list_into(&mut input, 2, &mut doc.contract_types, |input| Ok(u16::from_le_bytes(input.array()?)))?;
    doc.minimum_duration_months = u16::from_le_bytes(input.array()?);
    let day = i32::from_le_bytes(input.array()?);
    doc.available_from = NaiveDate::from_num_days_from_ce_opt(day)
        .ok_or_else(|| ImageError::Malformed(format!("a date {day} days from the era")))?;
    doc.degree_level = input.byte()?;
    read_list_into(&mut input, 3, &mut doc.languages, |input| {
        Ok(LanguageSkill { language: u16::from_le_bytes(input.array()?), level: input.byte()? })
    })?;
    read_list_into(&mut input, 3, &mut doc.soft_skills, |input| {
        Ok(SoftSkillShare { category: u16::from_le_bytes(input.array()?), percent: input.byte()? })
    })?;
    let flags = input.byte()?;
    doc.school_id = match flags & IN_A_SCHOOL {
        0 => None,
        _ => Some(i64::from_le_bytes(input.array()?)),
    };
    if !input.rest().is_empty() || flags & !(SEARCHABLE | SCHOOL_PARTNERS_ONLY | IN_A_SCHOOL) != 0 {
        return Err(ImageError::Malformed("a document with bytes or flags it does not use".to_owned()));
    }
    doc.searchable = flags & SEARCHABLE != 0;
    doc.findable_by = match flags & SCHOOL_PARTNERS_ONLY {
        0 => FindableBy::Everyone,
        _ => FindableBy::SchoolPartners,
    };
    Ok(())
}

/// Reads a list [`put_list`] wrote into `list`, whose items take at least `smallest` bytes each:
/// a length larger than what is left is refused before it sizes an allocation.
fn read_list_into<T>(
    input: &mut ImageReader<'_>,
    smallest: usize,
    list: &mut Vec<T>,
    read: impl Fn(&mut ImageReader<'_>) -> Result<T, ImageError>,
) -> Result<(), ImageError> {
    let length = u32::from_le_bytes(input.array()?) as usize;
    if length.saturating_mul(smallest) > input.rest().len() {
        return Err(ImageError::Truncated);
    }
    list.clear();
    for _ in 0..length {
        list.push(read(input)?);
    }
    Ok(())
}

fn country(input: &mut ImageReader<'_>) -> Result<CountryCode, ImageError> {
    let code = input.take(2)?;
    std::str::from_utf8(code)
        .ok()
        .and_then(CountryCode::parse)
        .ok_or_else(|| ImageError::Malformed(format!("a country {code:?}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::sample_document as document;

    fn read_document(bytes: &[u8]) -> Result<CandidateDoc, ImageError> {
        let mut doc = empty_document();
        read_document_into(bytes, &mut doc).map(|()| doc)
    }

    fn encoded(doc: &CandidateDoc) -> Vec<u8> {
        let mut bytes = Vec::new();
        put_document(&mut bytes, doc).unwrap();
        assert_eq!(u64::from_le_bytes(bytes[..8].try_into().unwrap()) as usize, bytes.len() - 8);
        bytes[8..].to_vec()
    }

    #[test]
    fn documents_read_back_as_written_without_their_texts() {
        let empty = CandidateDoc {
            candidate_id: -1,
            localizations: vec![],
            job_categories: vec![],
            contract_types: vec![],
            languages: vec![],
            soft_skills: vec![],
            available_from: NaiveDate::from_ymd_opt(1, 1, 1).unwrap(),
            searchable: false,
            findable_by: FindableBy::SchoolPartners,
            school_id: Some(-42),
            ..document()
        };
        for doc in [document(), empty] {
            assert_eq!(read_document(&encoded(&doc)).unwrap(), CandidateDoc { text: String::new(), ..doc });
        }
    }

    #[test]
    fn a_damaged_document_is_an_error() {
        let bytes = encoded(&document());
        for length in 0..bytes.len() {
            assert!(read_document(&bytes[..length]).is_err(), "cut to {length} bytes");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(read_document(&longer).is_err());
        let mut huge_list = bytes.clone();
        // the localizations' length, after the candidate id
        huge_list[8..12].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(matches!(read_document(&huge_list), Err(ImageError::Truncated)));
        let mut unknown_kind = bytes.clone();
        unknown_kind[12] = 9;
        assert!(matches!(read_document(&unknown_kind), Err(ImageError::Malformed(_))));
        let mut not_a_country = bytes;
        // the first place's country, after its kind, id and coordinates
        not_a_country[12 + 1 + 4 + 16] = b'1';
        assert!(matches!(read_document(&not_a_country), Err(ImageError::Malformed(_))));
    }

    #[test]
    fn a_restore_stops_at_a_damaged_document_with_an_error() {
        let sound = encoded(&document());
        let mut damaged = sound.clone();
        damaged[12] = 9; // the first localization's kind
        let documents = EncodedDocuments(vec![&sound, &damaged, &sound]);
        let mut read = Vec::new();
        let outcome = documents.for_each_in(0..3, |doc| read.push(doc.candidate_id));
        assert!(matches!(outcome, Err(ImageError::Malformed(_))));
        assert_eq!(read, [document().candidate_id], "the documents before the damaged one only");
        assert!(documents.for_each_in(2..3, |_| ()).is_ok());
    }
}
