//! The one-line reason of a notification, from the match explanation the matcher gave when the
//! candidate started to match: kept as data (so each reader gets it in their language) and
//! rendered on reading.

use matcher::Match;
use serde::{Deserialize, Serialize};

use crate::geodata;
use crate::locale::Locale;

/// What the explanation of a match said, as stored with the notification.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MatchReason {
    /// 0 to 100.
    pub score: f64,
    /// The distance to the search's centre of the credited place; none for a country-wide match.
    pub distance_km: Option<f64>,
    /// The commune credited, when the place is one.
    pub place_id: Option<u32>,
    pub country_wide: bool,
}

impl MatchReason {
    pub fn of(found: &Match) -> MatchReason {
        let proximity = &found.proximity;
        MatchReason {
            score: (found.score * 10.0).round() / 10.0,
            distance_km: proximity.distance_km.map(|km| (km * 10.0).round() / 10.0),
            place_id: proximity.place_id,
            country_wide: proximity.country_wide,
        }
    }

    /// "Score 78 · 3.2 km from Lyon", in the reader's language.
    pub fn line(&self, locale: Locale) -> String {
        let score = self.score.round();
        let commune = self.place_id.and_then(geodata::commune_by_place_id).map(|commune| commune.name.as_str());
        let place = match (locale, self.distance_km, commune, self.country_wide) {
            (_, _, _, true) | (_, None, _, _) => match locale {
                Locale::Fr => "mobile dans tout le pays".to_owned(),
                Locale::En => "willing to work anywhere in the country".to_owned(),
            },
            (Locale::Fr, Some(km), Some(commune), false) => format!("à {} km, {commune}", french_number(km)),
            (Locale::Fr, Some(km), None, false) => format!("à {} km", french_number(km)),
            (Locale::En, Some(km), Some(commune), false) => format!("{km} km away, {commune}"),
            (Locale::En, Some(km), None, false) => format!("{km} km away"),
        };
        format!("Score {score} · {place}")
    }
}

fn french_number(value: f64) -> String {
    value.to_string().replace('.', ",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_reads_in_both_languages() {
        let reason = MatchReason { score: 78.44, distance_km: Some(3.2), place_id: Some(69_123), country_wide: false };
        assert_eq!(reason.line(Locale::En), "Score 78 · 3.2 km away, Lyon");
        assert_eq!(reason.line(Locale::Fr), "Score 78 · à 3,2 km, Lyon");
        let anywhere = MatchReason { distance_km: None, place_id: None, country_wide: true, ..reason };
        assert_eq!(anywhere.line(Locale::En), "Score 78 · willing to work anywhere in the country");
    }
}
