//! The cards as a snapshot keeps them: each field in a fixed little-endian layout, strings after
//! their length, after the card's own length (so that cards decode in parallel).
//!
//! MessagePack through serde spent most of its time on the availability date, read back from a
//! string, and on the field names' checks: with a million cards it competed for the cores with the
//! matcher's own restore.

use std::io::{self, Write};

use chrono::{Datelike, NaiveDate};
use matcher::image::{ImageError, ImageReader, put_length};

use crate::cards::CandidateCard;

const HEADLINE: u8 = 1;
const AVAILABILITY: u8 = 2;
const PUBLIC_SLUG: u8 = 4;
const DEGREE: u8 = 8;
const HOME: u8 = 16;

pub(super) fn put_card(out: &mut impl Write, card: &CandidateCard) -> io::Result<()> {
    let mut bytes = Vec::with_capacity(64);
    bytes.extend_from_slice(&card.candidate_id.to_le_bytes());
    let flags = [
        (card.headline.is_some(), HEADLINE),
        (card.availability.is_some(), AVAILABILITY),
        (card.public_slug.is_some(), PUBLIC_SLUG),
        (card.degree_level.is_some(), DEGREE),
        (card.home_place_id.is_some(), HOME),
    ]
    .iter()
    .filter(|(present, _)| *present)
    .fold(0, |flags, (_, flag)| flags | flag);
    bytes.push(flags);
    put_text(&mut bytes, &card.firstname);
    put_text(&mut bytes, &card.lastname);
    if let Some(headline) = &card.headline {
        put_text(&mut bytes, headline);
    }
    if let Some(availability) = card.availability {
        bytes.extend_from_slice(&availability.num_days_from_ce().to_le_bytes());
    }
    if let Some(public_slug) = &card.public_slug {
        put_text(&mut bytes, public_slug);
    }
    if let Some(degree_level) = card.degree_level {
        bytes.push(degree_level);
    }
    if let Some(home_place_id) = card.home_place_id {
        bytes.extend_from_slice(&home_place_id.to_le_bytes());
    }
    put_length(out, bytes.len())?;
    out.write_all(&bytes)
}

fn put_text(bytes: &mut Vec<u8>, text: &str) {
    bytes.extend_from_slice(&(text.len() as u32).to_le_bytes());
    bytes.extend_from_slice(text.as_bytes());
}

/// A card [`put_card`] wrote (without its length).
pub(super) fn read_card(bytes: &[u8]) -> Result<CandidateCard, ImageError> {
    let mut input = ImageReader::new(bytes);
    let candidate_id = i64::from_le_bytes(input.array()?);
    let flags = input.byte()?;
    if flags & !(HEADLINE | AVAILABILITY | PUBLIC_SLUG | DEGREE | HOME) != 0 {
        return Err(ImageError::Malformed(format!("a card with flags {flags:#x}")));
    }
    let present = |flag: u8| flags & flag != 0;
    let firstname = text(&mut input)?;
    let lastname = text(&mut input)?;
    let headline = present(HEADLINE).then(|| text(&mut input)).transpose()?;
    let availability = present(AVAILABILITY)
        .then(|| {
            let day = i32::from_le_bytes(input.array()?);
            NaiveDate::from_num_days_from_ce_opt(day)
                .ok_or_else(|| ImageError::Malformed(format!("a date {day} days from the era")))
        })
        .transpose()?;
    let public_slug = present(PUBLIC_SLUG).then(|| text(&mut input)).transpose()?;
    let degree_level = present(DEGREE).then(|| input.byte()).transpose()?;
    let home_place_id = present(HOME).then(|| input.array().map(u32::from_le_bytes)).transpose()?;
    if !input.rest().is_empty() {
        return Err(ImageError::Malformed("a card with bytes it does not use".to_owned()));
    }
    Ok(CandidateCard {
        candidate_id,
        firstname,
        lastname,
        headline,
        availability,
        public_slug,
        degree_level,
        home_place_id,
    })
}

fn text(input: &mut ImageReader<'_>) -> Result<Box<str>, ImageError> {
    let length = u32::from_le_bytes(input.array()?) as usize;
    std::str::from_utf8(input.take(length)?)
        .map(Box::from)
        .map_err(|_| ImageError::Malformed("a card's text that is not UTF-8".to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoded(card: &CandidateCard) -> Vec<u8> {
        let mut bytes = Vec::new();
        put_card(&mut bytes, card).unwrap();
        assert_eq!(u64::from_le_bytes(bytes[..8].try_into().unwrap()) as usize, bytes.len() - 8);
        bytes[8..].to_vec()
    }

    fn full_card() -> CandidateCard {
        CandidateCard {
            candidate_id: 42,
            firstname: "Léa".into(),
            lastname: "Marchand-Öztürk".into(),
            headline: Some("Soudeuse TIG, 5 ans d'expérience".into()),
            availability: NaiveDate::from_ymd_opt(2027, 3, 1),
            public_slug: Some("lea-marchand".into()),
            degree_level: Some(0),
            home_place_id: Some(69123),
        }
    }

    #[test]
    fn cards_read_back_as_written() {
        let bare = CandidateCard {
            candidate_id: -7,
            firstname: "".into(),
            headline: None,
            availability: None,
            public_slug: None,
            degree_level: None,
            home_place_id: None,
            ..full_card()
        };
        let only_some = CandidateCard { headline: None, degree_level: None, ..full_card() };
        for card in [full_card(), bare, only_some] {
            assert_eq!(read_card(&encoded(&card)).unwrap(), card);
        }
    }

    #[test]
    fn a_damaged_card_is_an_error() {
        let bytes = encoded(&full_card());
        for length in 0..bytes.len() {
            assert!(read_card(&bytes[..length]).is_err(), "cut to {length} bytes");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(read_card(&longer).is_err());
        let mut unknown_flag = bytes.clone();
        unknown_flag[8] |= 0x80;
        assert!(matches!(read_card(&unknown_flag), Err(ImageError::Malformed(_))));
        let mut not_utf8 = bytes;
        // the first name's first byte, after the id, the flags and the name's length
        not_utf8[8 + 1 + 4] = 0xff;
        assert!(matches!(read_card(&not_utf8), Err(ImageError::Malformed(_))));
    }
}
