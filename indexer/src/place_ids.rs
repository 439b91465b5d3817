//! Place ids: the matcher knows a place by a `u32`, the database by its type and its French code
//! (INSEE code of a commune, department or region code). This module turns one into the other
//! so that the API can name the place a candidate matched through.
//!
//! The ranges never overlap:
//!
//! | place                              | code          | place id                     |
//! |------------------------------------|---------------|------------------------------|
//! | commune                            | `69123`       | the code as a number: 69123  |
//! | commune of Corse-du-Sud            | `2A004`       | 200_000 + 4 = 200_004        |
//! | commune of Haute-Corse             | `2B033`       | 210_000 + 33 = 210_033       |
//! | department                         | `69`, `971`   | 300_000 + number: 300_069    |
//! | department of Corsica              | `2A`, `2B`    | 300_000 + 200_000 / 210_000  |
//! | region                             | `84`          | 400_000 + number: 400_084    |

use std::fmt;

const CORSE_DU_SUD_COMMUNES: u32 = 200_000;
const HAUTE_CORSE_COMMUNES: u32 = 210_000;
const DEPARTMENTS: u32 = 300_000;
const REGIONS: u32 = 400_000;
const CORSE_DU_SUD_DEPARTMENT: u32 = DEPARTMENTS + CORSE_DU_SUD_COMMUNES;
const HAUTE_CORSE_DEPARTMENT: u32 = DEPARTMENTS + HAUTE_CORSE_COMMUNES;

/// What kind of place a localization is: the one list of kinds of the whole product, spelled
/// on the wire and in `localizations.type` as `city`, `department`, `region` or `country`.
/// Every kind but a whole country has a place id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum PlaceKind {
    /// A French commune, known by its INSEE code.
    City,
    Department,
    Region,
    /// A whole country, known by its ISO 3166-1 alpha-2 code.
    Country,
}

impl PlaceKind {
    pub const ALL: [PlaceKind; 4] = [PlaceKind::City, PlaceKind::Department, PlaceKind::Region, PlaceKind::Country];

    /// The kind's name on the wire and in `localizations.type`.
    pub fn as_str(self) -> &'static str {
        match self {
            PlaceKind::City => "city",
            PlaceKind::Department => "department",
            PlaceKind::Region => "region",
            PlaceKind::Country => "country",
        }
    }

    /// The kind named `name`; `None` for anything else.
    pub fn parse(name: &str) -> Option<PlaceKind> {
        PlaceKind::ALL.into_iter().find(|kind| kind.as_str() == name)
    }
}

/// A code that is not a valid commune, department or region code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidPlaceCode {
    pub kind: PlaceKind,
    pub code: String,
}

impl fmt::Display for InvalidPlaceCode {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "invalid {:?} code {:?}", self.kind, self.code)
    }
}

impl std::error::Error for InvalidPlaceCode {}

/// The number written by `text` when it is made of `lengths` digits only.
fn digits(text: &str, lengths: &[usize]) -> Option<u32> {
    (lengths.contains(&text.len()) && text.bytes().all(|byte| byte.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

/// A department or region code: 2 digits below 100 (`01`, `84`) or 3 digits from 100 (`971`),
/// so that every number has one spelling.
fn short_code_number(code: &str) -> Option<u32> {
    digits(code, &[2, 3]).filter(|&n| n > 0 && (code.len() == 2) == (n < 100))
}

/// The place id of a commune, department or region code; a country has none.
pub fn place_id_of(kind: PlaceKind, code: &str) -> Result<u32, InvalidPlaceCode> {
    let number = match kind {
        PlaceKind::City => match code.get(..2) {
            Some("2A") => code.get(2..).and_then(|rest| digits(rest, &[3])).map(|n| CORSE_DU_SUD_COMMUNES + n),
            Some("2B") => code.get(2..).and_then(|rest| digits(rest, &[3])).map(|n| HAUTE_CORSE_COMMUNES + n),
            _ => digits(code, &[5]).filter(|&n| n > 0),
        },
        PlaceKind::Department => match code {
            "2A" => Some(CORSE_DU_SUD_DEPARTMENT),
            "2B" => Some(HAUTE_CORSE_DEPARTMENT),
            _ => short_code_number(code).map(|n| DEPARTMENTS + n),
        },
        PlaceKind::Region => short_code_number(code).map(|n| REGIONS + n),
        PlaceKind::Country => None,
    };
    number.ok_or_else(|| InvalidPlaceCode { kind, code: code.to_owned() })
}

/// The kind and code of a place id made by [`place_id_of`]; `None` for any other number.
pub fn place_of_id(place_id: u32) -> Option<(PlaceKind, String)> {
    match place_id {
        1..=99_999 => Some((PlaceKind::City, format!("{place_id:05}"))),
        200_000..=200_999 => Some((PlaceKind::City, format!("2A{:03}", place_id - CORSE_DU_SUD_COMMUNES))),
        210_000..=210_999 => Some((PlaceKind::City, format!("2B{:03}", place_id - HAUTE_CORSE_COMMUNES))),
        300_001..=300_099 => Some((PlaceKind::Department, format!("{:02}", place_id - DEPARTMENTS))),
        300_100..=300_999 => Some((PlaceKind::Department, format!("{:03}", place_id - DEPARTMENTS))),
        CORSE_DU_SUD_DEPARTMENT => Some((PlaceKind::Department, "2A".to_owned())),
        HAUTE_CORSE_DEPARTMENT => Some((PlaceKind::Department, "2B".to_owned())),
        400_001..=400_099 => Some((PlaceKind::Region, format!("{:02}", place_id - REGIONS))),
        400_100..=400_999 => Some((PlaceKind::Region, format!("{:03}", place_id - REGIONS))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn communes_are_their_insee_code_as_a_number() {
        assert_eq!(place_id_of(PlaceKind::City, "69123"), Ok(69_123));
        assert_eq!(place_id_of(PlaceKind::City, "01001"), Ok(1_001));
        assert_eq!(place_id_of(PlaceKind::City, "97411"), Ok(97_411));
    }

    #[test]
    fn corsican_communes_get_their_own_ranges() {
        assert_eq!(place_id_of(PlaceKind::City, "2A004"), Ok(200_004));
        assert_eq!(place_id_of(PlaceKind::City, "2B033"), Ok(210_033));
    }

    #[test]
    fn departments_and_regions_are_offset_past_the_communes() {
        assert_eq!(place_id_of(PlaceKind::Department, "69"), Ok(300_069));
        assert_eq!(place_id_of(PlaceKind::Department, "01"), Ok(300_001));
        assert_eq!(place_id_of(PlaceKind::Department, "971"), Ok(300_971));
        assert_eq!(place_id_of(PlaceKind::Department, "2A"), Ok(500_000));
        assert_eq!(place_id_of(PlaceKind::Department, "2B"), Ok(510_000));
        assert_eq!(place_id_of(PlaceKind::Region, "84"), Ok(400_084));
        assert_eq!(place_id_of(PlaceKind::Region, "01"), Ok(400_001));
    }

    #[test]
    fn malformed_codes_are_refused() {
        for (kind, code) in [
            (PlaceKind::City, ""),
            (PlaceKind::City, "6912"),
            (PlaceKind::City, "691234"),
            (PlaceKind::City, "2C004"),
            (PlaceKind::City, "2A04x"),
            (PlaceKind::City, "00000"),
            (PlaceKind::City, "nope!"),
            (PlaceKind::Department, "2A1"),
            (PlaceKind::Department, "1"),
            (PlaceKind::Department, "1234"),
            (PlaceKind::Region, "x4"),
            (PlaceKind::Region, ""),
            (PlaceKind::Country, "FR"),
        ] {
            assert_eq!(place_id_of(kind, code), Err(InvalidPlaceCode { kind, code: code.to_owned() }), "{code:?}");
        }
    }

    #[test]
    fn every_valid_code_decodes_back_to_itself() {
        let mut codes: Vec<(PlaceKind, String)> = Vec::new();
        codes.extend((1..=99_999).step_by(7).map(|number| (PlaceKind::City, format!("{number:05}"))));
        codes.extend((0..=999).map(|number| (PlaceKind::City, format!("2A{number:03}"))));
        codes.extend((0..=999).map(|number| (PlaceKind::City, format!("2B{number:03}"))));
        codes.extend(
            (1..=95).filter(|&number| number != 20).map(|number| (PlaceKind::Department, format!("{number:02}"))),
        );
        codes.extend((971..=976).map(|number| (PlaceKind::Department, number.to_string())));
        codes.extend(["2A", "2B"].map(|code| (PlaceKind::Department, code.to_owned())));
        codes.extend(["01", "06", "11", "24", "84", "94"].map(|code| (PlaceKind::Region, code.to_owned())));
        for (kind, code) in codes {
            let place_id = place_id_of(kind, &code).unwrap_or_else(|error| panic!("{error}"));
            assert_eq!(place_of_id(place_id), Some((kind, code.clone())), "{code} -> {place_id}");
        }
    }

    #[test]
    fn numbers_outside_the_ranges_decode_to_nothing() {
        for place_id in [0, 100_000, 199_999, 211_000, 300_000, 301_000, 400_000, 401_000, 500_001, u32::MAX] {
            assert_eq!(place_of_id(place_id), None, "{place_id}");
        }
    }
}
