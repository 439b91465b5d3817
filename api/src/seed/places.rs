//! Where demo people live and want to work: communes drawn in proportion to their population,
//! and further communes near a given one (the way people accept to commute).

use std::collections::HashMap;

use geo::{Distance, Haversine, Point};
use rand::Rng;
use rand::distr::Distribution;
use rand::distr::weighted::WeightedIndex;

use crate::geodata::{self, Commune};

/// Side of a grid cell in degrees: about 22 km north-south and 15 km east-west in France, so
/// the 5 x 5 cells around a commune hold every neighbour within 30 km.
const CELL_DEGREES: f64 = 0.2;

pub struct Places {
    communes: &'static [Commune],
    by_population: WeightedIndex<u64>,
    cells: HashMap<(i32, i32), Vec<usize>>,
}

fn cell_of(lat: f64, lng: f64) -> (i32, i32) {
    ((lat / CELL_DEGREES).floor() as i32, (lng / CELL_DEGREES).floor() as i32)
}

/// Great-circle distance in kilometres.
fn haversine_km(lat1: f64, lng1: f64, lat2: f64, lng2: f64) -> f64 {
    Haversine.distance(Point::new(lng1, lat1), Point::new(lng2, lat2)) / 1000.0
}

impl Places {
    pub fn new() -> Self {
        let communes = geodata::communes();
        let weights = communes.iter().map(|commune| u64::from(commune.population.max(1)));
        let by_population = WeightedIndex::new(weights).expect("the shipped communes have a positive population");
        let mut cells: HashMap<(i32, i32), Vec<usize>> = HashMap::new();
        for (index, commune) in communes.iter().enumerate() {
            cells.entry(cell_of(commune.lat, commune.lng)).or_default().push(index);
        }
        Self { communes, by_population, cells }
    }

    /// A commune drawn in proportion to its population.
    pub fn draw(&self, rng: &mut impl Rng) -> &'static Commune {
        &self.communes[self.by_population.sample(rng)]
    }

    /// The commune with this INSEE code.
    pub fn by_insee(&self, insee: &str) -> &'static Commune {
        geodata::commune_by_insee(insee).unwrap_or_else(|| panic!("commune {insee} is missing from the shipped data"))
    }

    /// A commune within `radius_km` of `center`, favouring the populated ones; `center` itself
    /// when it stands alone.
    pub fn draw_near(&self, center: &'static Commune, radius_km: f64, rng: &mut impl Rng) -> &'static Commune {
        let (row, column) = cell_of(center.lat, center.lng);
        let mut nearby: Vec<(usize, u64)> = Vec::new();
        for d_row in -2..=2 {
            for d_column in -2..=2 {
                for &index in self.cells.get(&(row + d_row, column + d_column)).into_iter().flatten() {
                    let commune = &self.communes[index];
                    if haversine_km(center.lat, center.lng, commune.lat, commune.lng) <= radius_km {
                        // square root: small villages still get picked, towns more often
                        nearby.push((index, u64::from(commune.population.max(1)).isqrt().max(1)));
                    }
                }
            }
        }
        match WeightedIndex::new(nearby.iter().map(|(_, weight)| *weight)) {
            Ok(distribution) => &self.communes[nearby[distribution.sample(rng)].0],
            Err(_) => center,
        }
    }
}
