//! The PostGIS baseline: the same documents in a private Postgres cluster (planar EPSG:2154 points
//! with a GiST index, table clustered on it), the same filters and the same score in SQL.
//!
//! The index prefilter uses the planar distance with a margin (5 % + 100 m beyond the projection's
//! scale at the query point, which departs from 1 overseas); the exact test and the
//! score use the same chord formula as the matcher, on the same float8 unit vectors, so both sides
//! compute bit-identical distances and scores and their top 20 can be compared exactly.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use matcher::semantics::{EARTH_RADIUS_KM, unit_vector};
use matcher::{CandidateDoc, JobLocalization, QueryLocalization, SourcingQuery};
use sqlx::postgres::PgPoolOptions;
use sqlx::{AssertSqlSafe, PgPool, Row};

/// A running private cluster, stopped and deleted on drop.
pub struct PrivatePostgres {
    directory: PathBuf,
    script: PathBuf,
    pub url: String,
}

impl PrivatePostgres {
    /// Starts a cluster in a fresh temporary directory through `benches/scripts/baseline-postgres.sh`.
    pub fn start(port: u16) -> Result<PrivatePostgres> {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/baseline-postgres.sh");
        let directory = std::env::temp_dir().join(format!("vivier-bench-postgis-{}", std::process::id()));
        std::fs::create_dir_all(&directory)?;
        let output = Command::new("bash")
            .arg(&script)
            .arg("start")
            .arg(&directory)
            .arg(port.to_string())
            .stderr(std::process::Stdio::inherit())
            .output()
            .context("running baseline-postgres.sh")?;
        if !output.status.success() {
            bail!("baseline-postgres.sh start failed");
        }
        let url = String::from_utf8(output.stdout)?.trim().lines().last().unwrap_or_default().to_string();
        Ok(PrivatePostgres { directory, script, url })
    }
}

impl Drop for PrivatePostgres {
    fn drop(&mut self) {
        let _ = Command::new("bash").arg(&self.script).arg("stop").arg(&self.directory).status();
        let _ = std::fs::remove_dir_all(&self.directory);
    }
}

fn smallint_array(values: impl IntoIterator<Item = impl std::fmt::Display>) -> String {
    let items: Vec<String> = values.into_iter().map(|value| value.to_string()).collect();
    format!("{{{}}}", items.join(","))
}

/// Creates the tables, loads the documents and builds the indexes. Returns the load time in seconds.
pub async fn load(pool: &PgPool, docs: &[CandidateDoc]) -> Result<f64> {
    let started = Instant::now();
    for statement in [
        "create extension if not exists postgis",
        "drop table if exists bench_candidates, bench_places_staging, bench_places, bench_countries",
        "create unlogged table bench_candidates (
            candidate_id bigint primary key,
            job_categories smallint[] not null,
            contract_types smallint[] not null,
            degree_level smallint not null,
            available_from date not null,
            minimum_duration smallint not null,
            languages smallint[] not null,
            language_levels smallint[] not null,
            soft_skill_categories smallint[] not null,
            soft_skill_percents smallint[] not null,
            searchable boolean not null)",
        "create unlogged table bench_places_staging (
            candidate_id bigint not null, localization_index smallint not null,
            lat float8 not null, lng float8 not null, ux float8 not null, uy float8 not null, uz float8 not null)",
        "create unlogged table bench_countries (
            candidate_id bigint not null, localization_index smallint not null, country text not null)",
    ] {
        sqlx::query(statement).execute(pool).await?;
    }

    let mut connection = pool.acquire().await?;
    let chunk_size = 50_000;
    for chunk in docs.chunks(chunk_size) {
        let mut candidates = String::new();
        let mut places = String::new();
        let mut countries = String::new();
        for doc in chunk {
            writeln!(
                candidates,
                "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                doc.candidate_id,
                smallint_array(&doc.job_categories),
                smallint_array(&doc.contract_types),
                doc.degree_level,
                doc.available_from,
                doc.minimum_duration_months,
                smallint_array(doc.languages.iter().map(|skill| skill.language)),
                smallint_array(doc.languages.iter().map(|skill| skill.level)),
                smallint_array(doc.soft_skills.iter().map(|share| share.category)),
                smallint_array(doc.soft_skills.iter().map(|share| share.percent)),
                doc.searchable,
            )?;
            for (index, localization) in doc.localizations.iter().enumerate() {
                match localization {
                    JobLocalization::Place { lat, lng, .. } => {
                        let unit = unit_vector(*lat, *lng);
                        // Display prints the shortest text that reads back to the same float8.
                        writeln!(
                            places,
                            "{}\t{index}\t{lat}\t{lng}\t{}\t{}\t{}",
                            doc.candidate_id, unit[0], unit[1], unit[2]
                        )?;
                    }
                    JobLocalization::Country { country } => {
                        writeln!(countries, "{}\t{index}\t{country}", doc.candidate_id)?;
                    }
                }
            }
        }
        for (table, data) in
            [("bench_candidates", candidates), ("bench_places_staging", places), ("bench_countries", countries)]
        {
            let mut copy = connection.copy_in_raw(&format!("copy {table} from stdin")).await?;
            copy.send(data.into_bytes()).await?;
            copy.finish().await?;
        }
    }
    drop(connection);

    for statement in [
        "create unlogged table bench_places as
            select candidate_id, localization_index, ux, uy, uz,
                   ST_Transform(ST_SetSRID(ST_MakePoint(lng, lat), 4326), 2154)::geometry(Point, 2154) as geom
            from bench_places_staging",
        "drop table bench_places_staging",
        "create index bench_places_geom on bench_places using gist (geom)",
        "cluster bench_places using bench_places_geom",
        "create index bench_countries_country on bench_countries (country, candidate_id)",
        "analyze bench_candidates",
        "analyze bench_places",
        "analyze bench_countries",
    ] {
        sqlx::query(statement).execute(pool).await?;
    }
    Ok(started.elapsed().as_secs_f64())
}

/// A float8 literal that reads back to exactly `value`.
fn float(value: f64) -> String {
    format!("{value:?}::float8")
}

/// The SQL of a point query (country queries are not part of S1).
pub fn query_sql(query: &SourcingQuery) -> Result<String> {
    let QueryLocalization::Point { lat, lng, country } = &query.localization else {
        bail!("the PostGIS baseline runs point queries only");
    };
    let center = unit_vector(*lat, *lng);
    let radius = float(query.radius_km);
    let language_score = mean_sql(
        query
            .languages
            .iter()
            .map(|requirement| {
                format!(
                    "coalesce((select case when max(level) >= {required} then 1.0::float8
                                           else max(level)::float8 / {required_float} end
                               from unnest(c.languages, c.language_levels) as spoken(language, level)
                               where language = {language}), 0.0::float8)",
                    required = requirement.level,
                    required_float = float(f64::from(requirement.level)),
                    language = requirement.language,
                )
            })
            .collect(),
    );
    let soft_skill_score = mean_sql(
        query
            .soft_skill_categories
            .iter()
            .map(|category| {
                format!(
                    "(coalesce((select max(percent) from unnest(c.soft_skill_categories, c.soft_skill_percents)
                                as shares(category, percent) where category = {category}), 0)::float8 / 100.0::float8)"
                )
            })
            .collect(),
    );
    let score = match (&language_score, &soft_skill_score) {
        (Some(language), Some(soft_skills)) => format!(
            "100.0::float8 * (0.4::float8 * {language} + 0.4::float8 * {soft_skills} + 0.2::float8 * g.proximity)"
        ),
        (Some(one), None) | (None, Some(one)) => {
            format!("100.0::float8 * (0.8::float8 * {one} + 0.2::float8 * g.proximity)")
        }
        (None, None) => "100.0::float8 * g.proximity".to_string(),
    };
    let duration_limit = u32::from(query.duration_months) + u32::from(query.duration_flexibility_months);
    let start_date = query.start_date;
    Ok(format!(
        "with center as (
            select ST_Transform(ST_SetSRID(ST_MakePoint({lng}, {lat}), 4326), 2154) as point,
                   -- Lambert-93 is conformal but its scale grows far from metropolitan France
                   -- (overseas communes): measure it at the query point.
                   ST_Distance(ST_Transform(ST_SetSRID(ST_MakePoint({lng}, {lat}), 4326), 2154),
                               ST_Transform(ST_SetSRID(ST_MakePoint({lng}, {lat} + 0.05), 4326), 2154))
                       / {tenth_degree_m} as scale
        ),
        near as (
            select p.candidate_id,
                   2.0::float8 * {earth} * asin(least(sqrt((p.ux - {cx}) * (p.ux - {cx}) + (p.uy - {cy}) * (p.uy - {cy})
                       + (p.uz - {cz}) * (p.uz - {cz})) / 2.0::float8, 1.0::float8)) as distance_km
            from bench_places p, center
            where ST_DWithin(p.geom, center.point, {radius_m} * center.scale * 1.05 + 100.0)
        ),
        geo as (
            select candidate_id, max(proximity) as proximity from (
                select candidate_id, 1.0::float8 - 0.5::float8 * power(min(distance_km) / {radius}, 2) as proximity
                from near where distance_km <= {radius} group by candidate_id
                union all
                select candidate_id, 0.25::float8 from bench_countries where country = '{country}'
            ) credited group by candidate_id
        )
        select c.candidate_id, {score} as score, count(*) over () as total
        from geo g join bench_candidates c using (candidate_id)
        where c.searchable
          and {category} = any(c.job_categories)
          and c.contract_types && '{contracts}'::smallint[]
          and c.degree_level >= {minimum_degree}
          and c.available_from <= '{start_date}'
          and c.minimum_duration <= {duration_limit}
        order by score desc, c.candidate_id
        limit {limit} offset {offset}",
        earth = float(EARTH_RADIUS_KM),
        cx = float(center[0]),
        cy = float(center[1]),
        cz = float(center[2]),
        radius_m = query.radius_km * 1000.0,
        tenth_degree_m = 0.05f64.to_radians() * EARTH_RADIUS_KM * 1000.0,
        category = query.job_category,
        contracts = smallint_array(&query.contract_types),
        minimum_degree = query.minimum_degree,
        limit = query.limit,
        offset = query.offset,
    ))
}

/// The mean of SQL terms, or `None` when there are none (the query asks for nothing of the kind).
fn mean_sql(terms: Vec<String>) -> Option<String> {
    (!terms.is_empty()).then(|| format!("(({}) / {})", terms.join(" + "), float(terms.len() as f64)))
}

/// The top hits (candidate id, score) and the total of one query.
pub async fn search(pool: &PgPool, query: &SourcingQuery) -> Result<(Vec<(i64, f64)>, i64)> {
    let sql = query_sql(query)?;
    let rows = sqlx::query(AssertSqlSafe(&*sql)).fetch_all(pool).await?;
    let total = rows.first().map_or(0, |row| row.get::<i64, _>("total"));
    Ok((rows.iter().map(|row| (row.get("candidate_id"), row.get("score"))).collect(), total))
}

/// Connects to the cluster with one connection (queries run one at a time, like the matcher's
/// one-thread figures).
pub async fn connect(url: &str) -> Result<PgPool> {
    Ok(PgPoolOptions::new().max_connections(1).connect(url).await?)
}
