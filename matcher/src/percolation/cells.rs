//! The grid that lists point queries by the cells their circle may touch, so that a place looks
//! up only the queries around it.

use crate::semantics::EARTH_RADIUS_KM;

/// The side of a grid cell, in degrees of latitude and longitude (about 28 km by 19 km in France).
pub const CELL_DEGREES: f64 = 0.25;
/// A circle touching more cells than this is kept in its category's list of wide queries.
pub const MAX_CELLS: usize = 1024;
/// Cells around the globe in longitude.
const LONGITUDE_CELLS: i64 = (360.0 / CELL_DEGREES) as i64;

pub(super) type Cell = (i32, i32);

/// The cell of a point; longitudes wrap around.
pub(super) fn cell_of(lat: f64, lng: f64) -> Cell {
    let row = (lat / CELL_DEGREES).floor() as i64;
    let column =
        ((lng / CELL_DEGREES).floor() as i64 + LONGITUDE_CELLS / 2).rem_euclid(LONGITUDE_CELLS) - LONGITUDE_CELLS / 2;
    (row as i32, column as i32)
}

/// The cells a circle may touch, or `None` when there are more than [`MAX_CELLS`] of them (or the
/// circle reaches a pole). The box is widened by a margin: a cell too many costs a test, a cell
/// too few would lose a match.
pub(super) fn circle_cells(lat: f64, lng: f64, radius_km: f64) -> Option<Vec<Cell>> {
    let angle = radius_km.max(0.0) / EARTH_RADIUS_KM;
    let lat_half = angle.to_degrees() * 1.01 + 1e-6;
    let (south, north) = (lat - lat_half, lat + lat_half);
    if south <= -89.0 || north >= 89.0 || angle >= std::f64::consts::FRAC_PI_2 {
        return None;
    }
    // the widest longitude span of the cap is asin(sin(angle) / cos(latitude)) at the centre's
    // latitude; the latitude farthest from the equator in the box bounds it from above
    let farthest = south.abs().max(north.abs()).to_radians();
    let ratio = angle.sin() / farthest.cos();
    if ratio >= 1.0 {
        return None;
    }
    let lng_half = ratio.asin().to_degrees() * 1.01 + 1e-6;
    let rows = (south / CELL_DEGREES).floor() as i64..=(north / CELL_DEGREES).floor() as i64;
    let columns = ((lng - lng_half) / CELL_DEGREES).floor() as i64..=((lng + lng_half) / CELL_DEGREES).floor() as i64;
    let count = (rows.end() - rows.start() + 1) as usize * (columns.end() - columns.start() + 1) as usize;
    if count > MAX_CELLS || columns.end() - columns.start() + 1 >= LONGITUDE_CELLS {
        return None;
    }
    let mut cells = Vec::with_capacity(count);
    for row in rows {
        for column in columns.clone() {
            let column = (column + LONGITUDE_CELLS / 2).rem_euclid(LONGITUDE_CELLS) - LONGITUDE_CELLS / 2;
            cells.push((row as i32, column as i32));
        }
    }
    Some(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_wrap_around_the_antimeridian() {
        assert_eq!(cell_of(0.1, 179.9), cell_of(0.1, -180.1));
        let cells = circle_cells(0.0, 179.99, 10.0).unwrap();
        assert!(cells.contains(&cell_of(0.0, -179.99)));
    }

    #[test]
    fn a_huge_circle_is_a_wide_query() {
        assert!(circle_cells(45.0, 2.0, 10.0).is_some_and(|cells| cells.len() <= 4));
        assert!(circle_cells(45.0, 2.0, 3000.0).is_none());
        assert!(circle_cells(88.95, 2.0, 10.0).is_none());
    }
}
