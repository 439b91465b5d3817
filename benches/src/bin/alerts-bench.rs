//! Saved-search alerts end to end: how soon a committed change to a candidate reaches the
//! partners' notification lists (a `sourcing_search_matches` row), with many saved searches with
//! alerts.
//!
//! `cargo run --release -p benches --bin alerts-bench -- --candidates 100000 --searches 100000 --rate 200 --seconds 60`
//!
//! It starts a private Postgres and writes the demo data set (or uses `--database-url`), then
//! stores saved searches with `daily` alerts, spread over the demo partners, in the rows the
//! sourcing handlers write and read back: `--searches` S1 queries (`matcher::workload`, radius
//! 10 km at population-weighted communes, their start dates moved to the seeded availabilities),
//! and a known set: at each of [`KNOWN_PLACES`] communes, one search per job category asking for
//! nothing else (any contract, date, duration and degree). It loads the matcher with the indexer
//! reporting each applied batch, compiles the searches with alerts, and runs the percolation task
//! and the follower as `vivier serve` does. At `--rate` updates a second for `--seconds`, it adds
//! to a candidate's job localizations a known search's commune, chosen with the matcher's oracle
//! so that the candidate starts to match that search (each candidate once). Every 5 ms one query
//! reads the rows written since the previous one: commit returned -> first row of the candidate
//! (notification listed). It ends with `RESULT candidates=… searches=… rate=… updates=… events=…
//! freshness_p50_ms=… freshness_p99_ms=… max_ms=… lost=… achieved_rate=…`, where `events` are the
//! rows written during the run, for every search the updates started to match.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, ensure};
use api::geodata::Commune;
use benches::database::{DatabaseArgs, run_benchmark, searchable_candidate_ids, server_state};
use benches::freshness::{PendingUpdates, UpdateStream, spawn_follower, update_at_rate};
use benches::{LatencySummary, QUERY_SEED, french_places, memory_mib};
use chrono::{Datelike, NaiveDate, Utc};
use clap::Parser;
use indexer::place_ids::PlaceKind;
use indexer::{Follower, IndexerOptions};
use matcher::{
    CandidateDoc, CountryCode, JobLocalization, Matcher, QueryLocalization, SourcingQuery, oracle, workload,
};
use sqlx::{AssertSqlSafe, PgPool};

/// Communes with a known search per job category.
const KNOWN_PLACES: usize = 10;
/// The seed of the known searches' communes (drawn like the S1 query points).
const KNOWN_PLACES_SEED: u64 = 11;
/// Every search this benchmark stores is named so; a run deletes those of the previous one.
const NAME_PREFIX: &str = "alerts-bench";
/// How often the notification lists are looked at.
const POLL_EVERY: Duration = Duration::from_millis(5);

/// Measures the time from a candidate's change to the partners' notifications, and prints a
/// RESULT line.
#[derive(Parser, Debug)]
struct Options {
    /// Demo candidates to write.
    #[arg(long, default_value_t = 100_000)]
    candidates: usize,
    /// Saved searches with alerts (S1 queries), besides the known ones.
    #[arg(long, default_value_t = 100_000)]
    searches: usize,
    #[command(flatten)]
    updates: UpdateStream,
    #[command(flatten)]
    database: DatabaseArgs,
}

fn main() -> Result<()> {
    run_benchmark(run(Options::parse()))
}

/// A saved search to store: the commune it looks around and its criteria.
#[derive(Clone)]
struct SearchToStore {
    commune: &'static Commune,
    query: SourcingQuery,
    name: String,
}

/// The commune of each S1 place, by its coordinates (the queries carry only a point).
fn commune_at(lat: f64, lng: f64) -> Option<&'static Commune> {
    static BY_POINT: std::sync::LazyLock<HashMap<(u64, u64), usize>> = std::sync::LazyLock::new(|| {
        let communes = api::geodata::communes().iter().enumerate();
        communes.map(|(index, commune)| ((commune.lat.to_bits(), commune.lng.to_bits()), index)).collect()
    });
    BY_POINT.get(&(lat.to_bits(), lng.to_bits())).map(|&index| &api::geodata::communes()[index])
}

fn commune_of(query: &SourcingQuery) -> Result<&'static Commune> {
    match query.localization {
        QueryLocalization::Point { lat, lng, .. } => commune_at(lat, lng).context("an S1 point is a commune"),
        QueryLocalization::Country { .. } => anyhow::bail!("S1 queries look around a point"),
    }
}

/// `count` S1 queries drawn with `seed`, with their communes.
fn s1_searches(count: usize, seed: u64) -> Result<Vec<SearchToStore>> {
    let queries = workload::queries(&french_places(), count, seed).into_iter().enumerate();
    let name = |index| format!("{NAME_PREFIX} {index}");
    queries.map(|(index, query)| Ok(SearchToStore { commune: commune_of(&query)?, query, name: name(index) })).collect()
}

/// The S1 queries, their start dates moved from the workload's reference date to the first day
/// of this month, the seeder's anchor for availabilities.
fn background_searches(count: usize) -> Result<Vec<SearchToStore>> {
    let today = Utc::now().date_naive();
    let anchor = NaiveDate::from_ymd_opt(today.year(), today.month(), 1).context("a first day of the month")?;
    let shift = anchor.signed_duration_since(workload::reference_date());
    let mut searches = s1_searches(count, QUERY_SEED)?;
    searches.iter_mut().for_each(|search| search.query.start_date += shift);
    Ok(searches)
}

/// At [`KNOWN_PLACES`] communes drawn like the S1 query points (once each), one search per job
/// category that asks for nothing else: any contract, date, duration and degree.
async fn known_searches(pool: &PgPool) -> Result<Vec<SearchToStore>> {
    let categories: Vec<i16> = sqlx::query_scalar("select id from job_categories order by id").fetch_all(pool).await?;
    let contracts: Vec<i16> = sqlx::query_scalar("select id from contract_types order by id").fetch_all(pool).await?;
    let mut places = s1_searches(KNOWN_PLACES, KNOWN_PLACES_SEED)?;
    let mut seen = HashSet::new();
    places.retain(|place| seen.insert(&place.commune.insee));
    let far_ahead = Utc::now().date_naive() + chrono::Days::new(400);
    let search = |place: &SearchToStore, category: i16| SearchToStore {
        commune: place.commune,
        query: SourcingQuery {
            job_category: category as u16,
            contract_types: contracts.iter().map(|&id| id as u16).collect(),
            duration_months: 120,
            duration_flexibility_months: 120,
            start_date: far_ahead,
            minimum_degree: 0,
            languages: Vec::new(),
            soft_skill_categories: Vec::new(),
            ..place.query.clone()
        },
        name: format!("{NAME_PREFIX} known {} {category}", place.commune.insee),
    };
    Ok(places.iter().flat_map(|place| categories.iter().map(|&category| search(place, category))).collect())
}

/// Stores the searches as saved searches with daily alerts, spread over the partners, each with
/// its own place (as `insert_search` writes them); deletes the searches of a previous run first.
async fn store_searches(pool: &PgPool, searches: &[SearchToStore]) -> Result<()> {
    let partners: Vec<i64> =
        sqlx::query_scalar("select user_id from partners order by user_id").fetch_all(pool).await?;
    ensure!(!partners.is_empty(), "the database holds no partner");
    let mut transaction = pool.begin().await?;
    sqlx::query(
        "with gone as (delete from sourcing_searches where name like $1 || ' %' returning localization_id)
         delete from localizations where id in (select localization_id from gone)",
    )
    .bind(NAME_PREFIX)
    .execute(&mut *transaction)
    .await?;
    let new_ids =
        |table: &str| format!("select nextval(pg_get_serial_sequence('{table}', 'id')) from generate_series(1, $1)");
    let count = searches.len() as i64;
    let place_ids: Vec<i64> =
        sqlx::query_scalar(AssertSqlSafe(&*new_ids("localizations"))).bind(count).fetch_all(&mut *transaction).await?;
    let search_ids: Vec<i64> = sqlx::query_scalar(AssertSqlSafe(&*new_ids("sourcing_searches")))
        .bind(count)
        .fetch_all(&mut *transaction)
        .await?;
    let column = |value: fn(&SearchToStore) -> i16| searches.iter().map(value).collect::<Vec<i16>>();
    sqlx::query(
        "insert into localizations (id, value, type, lat, lng, commune_code, country_code)
         select id, value, 'city', lat, lng, code, 'FR'
         from unnest($1::bigint[], $2::text[], $3::float8[], $4::float8[], $5::text[]) as t(id, value, lat, lng, code)",
    )
    .bind(&place_ids)
    .bind(searches.iter().map(|search| search.commune.name.as_str()).collect::<Vec<_>>())
    .bind(searches.iter().map(|search| search.commune.lat).collect::<Vec<_>>())
    .bind(searches.iter().map(|search| search.commune.lng).collect::<Vec<_>>())
    .bind(searches.iter().map(|search| search.commune.insee.as_str()).collect::<Vec<_>>())
    .execute(&mut *transaction)
    .await?;
    sqlx::query(
        "insert into sourcing_searches (id, partner_id, job_category_id, duration, start_at, localization_id, radius,
                                        degree_level, duration_flexibility, name, saved, alerts)
         select t.*, true, 'daily'
         from unnest($1::bigint[], $2::bigint[], $3::smallint[], $4::smallint[], $5::date[], $6::bigint[],
                     $7::smallint[], $8::smallint[], $9::smallint[], $10::text[]) as t",
    )
    .bind(&search_ids)
    .bind((0..searches.len()).map(|index| partners[index % partners.len()]).collect::<Vec<_>>())
    .bind(column(|search| search.query.job_category as i16))
    .bind(column(|search| search.query.duration_months as i16))
    .bind(searches.iter().map(|search| search.query.start_date).collect::<Vec<_>>())
    .bind(&place_ids)
    .bind(column(|search| search.query.radius_km as i16))
    .bind(column(|search| i16::from(search.query.minimum_degree)))
    .bind(column(|search| search.query.duration_flexibility_months as i16))
    .bind(searches.iter().map(|search| search.name.as_str()).collect::<Vec<_>>())
    .execute(&mut *transaction)
    .await?;
    // the lists, as (search, item) and (search, language, level) rows
    let pairs = |items: fn(&SourcingQuery) -> Vec<i16>| -> (Vec<i64>, Vec<i16>) {
        let rows = searches
            .iter()
            .zip(&search_ids)
            .flat_map(|(search, &id)| items(&search.query).into_iter().map(move |item| (id, item)));
        rows.unzip()
    };
    let contracts = pairs(|query| query.contract_types.iter().map(|&id| id as i16).collect());
    let soft_skills = pairs(|query| query.soft_skill_categories.iter().map(|&id| id as i16).collect());
    let languages = pairs(|query| query.languages.iter().map(|language| language.language as i16).collect());
    let levels = pairs(|query| query.languages.iter().map(|language| i16::from(language.level)).collect());
    sqlx::query(
        "with contracts as (insert into sourcing_search_contract_types (sourcing_search_id, contract_type_id)
                            select * from unnest($1::bigint[], $2::smallint[])),
              soft_skills as (insert into sourcing_search_soft_skill_categories (sourcing_search_id, soft_skill_category_id)
                              select * from unnest($3::bigint[], $4::smallint[]))
         insert into sourcing_search_languages (sourcing_search_id, language_id, level)
         select * from unnest($5::bigint[], $6::smallint[], $7::smallint[])",
    )
    .bind(&contracts.0)
    .bind(&contracts.1)
    .bind(&soft_skills.0)
    .bind(&soft_skills.1)
    .bind(&languages.0)
    .bind(&languages.1)
    .bind(&levels.1)
    .execute(&mut *transaction)
    .await?;
    transaction.commit().await?;
    sqlx::query("analyze").execute(pool).await?;
    Ok(())
}

/// The known commune each candidate will add: the first one (from a place that depends on the
/// candidate) whose search of one of the candidate's job categories it does not match now and
/// matches with the commune added, by the matcher's oracle.
fn choose_updates(
    matcher: &Matcher,
    candidate_ids: &[i64],
    known: &[SearchToStore],
    count: usize,
) -> Vec<(i64, &'static Commune)> {
    let mut communes: Vec<&'static Commune> = known.iter().map(|search| search.commune).collect();
    communes.dedup_by(|commune, previous| commune.insee == previous.insee); // known is grouped by commune
    let starts_matching = |before: &CandidateDoc, commune: &Commune| {
        let mut after = before.clone();
        after.localizations.push(JobLocalization::Place {
            place_id: indexer::place_ids::place_id_of(PlaceKind::City, &commune.insee).unwrap_or(0),
            lat: commune.lat,
            lng: commune.lng,
            country: CountryCode::FRANCE,
        });
        known.iter().filter(|search| search.commune.insee == commune.insee).any(|search| {
            oracle::matches(&after, &search.query).is_some() && oracle::matches(before, &search.query).is_none()
        })
    };
    candidate_ids
        .iter()
        .enumerate()
        .filter_map(|(index, &candidate_id)| {
            let before = matcher.document_without_text(candidate_id)?;
            (0..communes.len())
                .map(|offset| communes[(index + offset) % communes.len()])
                .find(|commune| starts_matching(&before, commune))
                .map(|commune| (candidate_id, commune))
        })
        .take(count)
        .collect()
}

/// Adds the commune to the candidate's job localizations, last, as the job-search form stores a
/// place (its own `localizations` row and a link), in one transaction.
async fn add_place(pool: &PgPool, candidate_id: i64, commune: &Commune) -> Result<()> {
    let mut transaction = pool.begin().await?;
    let place_id: i64 = sqlx::query_scalar(
        "insert into localizations (value, type, lat, lng, commune_code, country_code)
         values ($1, 'city', $2, $3, $4, 'FR') returning id",
    )
    .bind(&commune.name)
    .bind(commune.lat)
    .bind(commune.lng)
    .bind(&commune.insee)
    .fetch_one(&mut *transaction)
    .await?;
    sqlx::query(
        "insert into candidate_job_localizations (candidate_id, localization_id, position)
         select $1, $2, coalesce(max(position) + 1, 0) from candidate_job_localizations where candidate_id = $1",
    )
    .bind(candidate_id)
    .bind(place_id)
    .execute(&mut *transaction)
    .await?;
    transaction.commit().await?;
    Ok(())
}

async fn run(options: Options) -> Result<()> {
    let Some(database) = options.database.open(options.candidates, 16).await? else {
        return Ok(()); // this process only seeded the database
    };
    let (pool, candidates) = (database.pool.clone(), database.candidates);

    let started = Instant::now();
    let known = known_searches(&pool).await?;
    let mut searches = background_searches(options.searches)?;
    searches.extend(known.iter().cloned());
    store_searches(&pool, &searches).await?;
    drop(searches);
    println!(
        "stored {} saved searches with alerts and {} known ones in {:.1} s",
        options.searches,
        known.len(),
        started.elapsed().as_secs_f64()
    );

    // the server: the state, the indexer reporting applied batches, the alerts compiled
    let state = server_state(&pool)?;
    let (applied, batches) = api::alerts::channel();
    let indexer_options = IndexerOptions { applied: Some(applied), ..IndexerOptions::default() };
    let (matcher, cards, status) = (state.engine.matcher.clone(), state.cards.clone(), state.indexer.clone());
    let started = Instant::now();
    let follower = Follower::load(pool.clone(), matcher.clone(), cards, status, indexer_options).await?;
    println!("matcher loaded: {} documents in {:.1} s", matcher.len(), started.elapsed().as_secs_f64());
    // a running server compiled them long ago: the first batch should not pay for it here
    let started = Instant::now();
    state.alerts.refresh(&state.db).await.context("cannot compile the searches with alerts")?;
    println!(
        "searches with alerts compiled in {:.1} s (read and build), rss {:.0} MiB",
        started.elapsed().as_secs_f64(),
        memory_mib("VmRSS")
    );
    let total = options.updates.total();
    let updates = choose_updates(&matcher, &searchable_candidate_ids(&pool).await?, &known, total as usize);
    ensure!(updates.len() as u64 == total, "only {} candidates can start to match a known search", updates.len());
    let percolation_task = tokio::spawn(api::alerts::percolate::run(state.mailing(), state.alerts.clone(), batches));
    let (stop_follower, follower_task) = spawn_follower(follower);

    // rows of earlier runs on the same database are not this run's
    let last_event_before: i64 =
        sqlx::query_scalar("select coalesce(max(id), 0) from sourcing_search_matches").fetch_one(&pool).await?;

    let pending: Arc<PendingUpdates<()>> = Arc::default();
    let mut poll_connection = pool.acquire().await?.detach();
    // the rows written since the previous look: the percolation task is their one writer, and
    // each of its statements commits before the next starts, so they become visible in id order
    let poller = tokio::spawn({
        let pending = pending.clone();
        async move {
            let (mut ticks, mut last_seen, mut listed) =
                (tokio::time::interval(POLL_EVERY), last_event_before, HashSet::new());
            while !pending.settled() {
                ticks.tick().await;
                let rows: Vec<(i64, i64)> =
                    sqlx::query_as("select id, candidate_id from sourcing_search_matches where id > $1 order by id")
                        .bind(last_seen)
                        .fetch_all(&mut poll_connection)
                        .await?;
                last_seen = rows.last().map_or(last_seen, |&(id, _)| id);
                listed.extend(rows.into_iter().map(|(_, candidate_id)| candidate_id));
                pending.check(|candidate_id, ()| listed.contains(&candidate_id));
            }
            anyhow::Ok(())
        }
    });

    let achieved_rate = update_at_rate(options.updates.rate, total, |index| {
        let (candidate_id, commune) = updates[index as usize];
        let (pool, pending) = (pool.clone(), pending.clone());
        async move {
            let writing = Instant::now();
            add_place(&pool, candidate_id, commune).await?;
            pending.committed(candidate_id, (), writing);
            anyhow::Ok(())
        }
    })
    .await?;
    pending.all_committed();
    poller.await??;
    let (freshness_ms, lost) = pending.freshness();
    let freshness = LatencySummary::of(&freshness_ms);
    let writes = LatencySummary::of(&pending.write_times());
    let events: i64 = sqlx::query_scalar("select count(*) from sourcing_search_matches where id > $1")
        .bind(last_event_before)
        .fetch_one(&pool)
        .await?;

    stop_follower.send_replace(true);
    follower_task.await?;
    // the follower held the channel's sender: the task ends with it
    percolation_task.await?;
    pool.close().await;
    drop(database);

    println!("{total} updates at {achieved_rate:.1}/s, {events} notifications written");
    println!(
        "update statements (commit included): p50 {:.2} ms, p99 {:.2} ms, max {:.1} ms",
        writes.p50, writes.p99, writes.max
    );
    println!("change -> notification listed: mean {:.1} ms, max {:.1} ms", freshness.mean, freshness.max);
    println!(
        "RESULT candidates={candidates} searches={} rate={} updates={total} events={events} freshness_p50_ms={:.1} freshness_p99_ms={:.1} max_ms={:.1} lost={lost} achieved_rate={achieved_rate:.1}",
        options.searches, options.updates.rate, freshness.p50, freshness.p99, freshness.max
    );
    Ok(())
}
