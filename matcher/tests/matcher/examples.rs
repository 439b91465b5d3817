//! Worked examples of the semantics, with the expected numbers written out.

use chrono::NaiveDate;
use matcher::semantics::{great_circle_km, unit_vector};
use matcher::{
    Audience, CandidateDoc, Change, CountryCode, FindableBy, JobLocalization, KeywordCredit, LanguageRequirement,
    LanguageSkill, Matcher, QueryLocalization, RelaxCounts, SoftSkillShare, SortOrder, SourcingQuery, oracle,
};

const PARIS: (f64, f64) = (48.8566, 2.3522);
const SAINT_DENIS: (f64, f64) = (48.9362, 2.3574);
const VERSAILLES: (f64, f64) = (48.8049, 2.1204);
const LYON: (f64, f64) = (45.764, 4.8357);

fn date(day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 9, day).unwrap()
}

fn place(place_id: u32, (lat, lng): (f64, f64)) -> JobLocalization {
    JobLocalization::Place { place_id, lat, lng, country: CountryCode::FRANCE }
}

/// A candidate who passes every filter of [`query`] and has only the given localizations.
fn candidate(candidate_id: i64, localizations: Vec<JobLocalization>) -> CandidateDoc {
    CandidateDoc {
        candidate_id,
        localizations,
        job_categories: vec![3],
        contract_types: vec![1],
        minimum_duration_months: 6,
        available_from: date(1),
        degree_level: 3,
        languages: vec![LanguageSkill { language: 1, level: 6 }],
        soft_skills: vec![],
        searchable: true,
        findable_by: FindableBy::Everyone,
        school_id: None,
        text: String::new(),
    }
}

fn query() -> SourcingQuery {
    SourcingQuery {
        job_category: 3,
        contract_types: vec![1, 2],
        duration_months: 6,
        start_date: date(10),
        localization: QueryLocalization::Point { lat: PARIS.0, lng: PARIS.1, country: CountryCode::FRANCE },
        radius_km: 10.0,
        minimum_degree: 3,
        languages: vec![],
        soft_skill_categories: vec![],
        duration_flexibility_months: 0,
        keywords: None,
        limit: 20,
        offset: 0,
        sort: SortOrder::Score,
        restrict_to: None,
        audience: Audience::default(),
    }
}

fn distance_km(a: (f64, f64), b: (f64, f64)) -> f64 {
    great_circle_km(unit_vector(a.0, a.1), unit_vector(b.0, b.1))
}

#[test]
fn a_candidate_with_several_places_in_the_circle_appears_once_credited_to_the_nearest() {
    let matcher = Matcher::build(vec![candidate(
        7,
        vec![place(1, SAINT_DENIS), place(2, LYON), place(3, PARIS), place(4, SAINT_DENIS)],
    )]);

    let result = matcher.search(&query());

    assert_eq!(result.total, 1);
    assert_eq!(result.hits.len(), 1);
    let proximity = &result.hits[0].breakdown.proximity;
    assert_eq!((proximity.localization_index, proximity.place_id), (2, Some(3)));
    assert_eq!(proximity.distance_km, Some(0.0));
    assert_eq!(result.hits[0].score, 100.0);
}

#[test]
fn a_place_exactly_on_the_radius_matches_with_the_edge_proximity() {
    let matcher = Matcher::build(vec![candidate(1, vec![place(1, SAINT_DENIS)])]);
    let on_radius = SourcingQuery { radius_km: distance_km(PARIS, SAINT_DENIS), ..query() };
    let just_inside = SourcingQuery { radius_km: on_radius.radius_km * (1.0 - 1e-12), ..query() };

    let result = matcher.search(&on_radius);

    assert_eq!(result.total, 1);
    assert_eq!(result.hits[0].breakdown.proximity_score, 0.5);
    assert_eq!(matcher.search(&just_inside).total, 0);
    assert_eq!(matcher.search(&just_inside).relax.radius, 1);
}

#[test]
fn a_whole_country_candidate_matches_any_point_of_that_country_with_a_quarter_proximity() {
    let matcher = Matcher::build(vec![candidate(1, vec![JobLocalization::Country { country: CountryCode::FRANCE }])]);
    let in_belgium = SourcingQuery {
        localization: QueryLocalization::Point { lat: 50.85, lng: 4.35, country: CountryCode::parse("be").unwrap() },
        ..query()
    };

    let result = matcher.search(&query());

    assert_eq!(result.total, 1);
    assert_eq!(result.hits[0].score, 25.0);
    assert!(result.hits[0].breakdown.proximity.country_wide);
    assert_eq!(matcher.search(&in_belgium).total, 0);
}

#[test]
fn a_country_query_matches_any_localization_in_the_country() {
    let matcher = Matcher::build(vec![
        candidate(1, vec![place(1, LYON)]),
        candidate(2, vec![JobLocalization::Country { country: CountryCode::FRANCE }]),
        candidate(3, vec![JobLocalization::Country { country: CountryCode::parse("DE").unwrap() }]),
    ]);
    let france = SourcingQuery { localization: QueryLocalization::Country { country: CountryCode::FRANCE }, ..query() };

    let result = matcher.search(&france);

    assert_eq!(result.total, 2);
    assert_eq!(result.hits.iter().map(|hit| hit.candidate_id).collect::<Vec<_>>(), vec![1, 2]);
    assert!(result.hits.iter().all(|hit| hit.score == 25.0));
    assert_eq!(result.relax.radius, 0);
}

#[test]
fn an_empty_matcher_gives_an_empty_result() {
    let result = Matcher::new().search(&query());

    assert_eq!(result.total, 0);
    assert!(result.hits.is_empty());
    assert_eq!(result.relax, RelaxCounts::default());
}

#[test]
fn relax_counts_name_the_one_criterion_that_would_let_a_candidate_in() {
    let late = CandidateDoc { available_from: date(30), ..candidate(1, vec![place(1, PARIS)]) };
    let too_late = CandidateDoc {
        available_from: NaiveDate::from_ymd_opt(2026, 10, 30).unwrap(),
        ..candidate(2, vec![place(1, PARIS)])
    };
    let other_contract = CandidateDoc { contract_types: vec![5], ..candidate(3, vec![place(1, PARIS)]) };
    let a_bit_far = candidate(4, vec![place(2, VERSAILLES)]); // about 18 km
    let long_contracts = CandidateDoc { minimum_duration_months: 9, ..candidate(5, vec![place(1, PARIS)]) };
    let one_degree_short = CandidateDoc { degree_level: 2, ..candidate(6, vec![place(1, PARIS)]) };
    let two_failures = CandidateDoc { degree_level: 2, contract_types: vec![5], ..candidate(7, vec![place(1, PARIS)]) };
    let docs = vec![late, too_late, other_contract, a_bit_far, long_contracts, one_degree_short, two_failures];
    let matcher = Matcher::build(docs.clone());

    let result = matcher.search(&query());

    assert_eq!(result.total, 0);
    assert_eq!(
        result.relax,
        RelaxCounts { radius: 1, start_date: 1, duration_flexibility: 1, degree: 1, contracts: 1 }
    );
    assert_eq!(result, oracle::search(&docs, &query()));
}

#[test]
fn languages_soft_skills_and_proximity_weigh_forty_forty_twenty() {
    let doc = CandidateDoc {
        languages: vec![LanguageSkill { language: 2, level: 3 }, LanguageSkill { language: 1, level: 6 }],
        soft_skills: vec![SoftSkillShare { category: 4, percent: 40 }, SoftSkillShare { category: 5, percent: 60 }],
        ..candidate(1, vec![place(1, PARIS)])
    };
    let matcher = Matcher::build(vec![doc]);
    let wanted = SourcingQuery {
        languages: vec![LanguageRequirement { language: 2, level: 4 }, LanguageRequirement { language: 9, level: 2 }],
        soft_skill_categories: vec![4],
        ..query()
    };

    let hit = &matcher.search(&wanted).hits[0];

    // languages (0.75 + 0) / 2, soft skills 0.40, proximity 1
    assert_eq!(hit.breakdown.language_score, Some(0.375));
    assert_eq!(hit.breakdown.soft_skill_score, Some(0.4));
    assert!((hit.score - 100.0 * (0.4 * 0.375 + 0.4 * 0.4 + 0.2)).abs() < 1e-9);
    assert_eq!(hit.breakdown.languages[0].credit, 0.75);
    assert_eq!(hit.breakdown.languages[1].actual_level, None);
}

#[test]
fn ties_break_by_candidate_id_and_paging_follows_the_order() {
    let docs: Vec<CandidateDoc> = [5, 3, 9, 1].into_iter().map(|id| candidate(id, vec![place(1, PARIS)])).collect();
    let matcher = Matcher::build(docs);

    let first_page = matcher.search(&SourcingQuery { limit: 2, ..query() });
    let second_page = matcher.search(&SourcingQuery { limit: 2, offset: 2, ..query() });

    assert_eq!(first_page.hits.iter().map(|hit| hit.candidate_id).collect::<Vec<_>>(), vec![1, 3]);
    assert_eq!(second_page.hits.iter().map(|hit| hit.candidate_id).collect::<Vec<_>>(), vec![5, 9]);
    assert_eq!(second_page.total, 4);
}

#[test]
fn a_candidate_on_the_edge_of_the_circle_outranks_one_mobile_nationwide() {
    let docs = vec![
        candidate(1, vec![JobLocalization::Country { country: CountryCode::FRANCE }]),
        candidate(2, vec![place(1, SAINT_DENIS)]),
    ];
    let matcher = Matcher::build(docs.clone());
    let edge = SourcingQuery { radius_km: distance_km(PARIS, SAINT_DENIS), ..query() };

    let result = matcher.search(&edge);

    assert_eq!(result.hits.iter().map(|hit| hit.candidate_id).collect::<Vec<_>>(), vec![2, 1]);
    assert!(result.hits[0].breakdown.proximity_score > result.hits[1].breakdown.proximity_score);
    assert_eq!(result, oracle::search(&docs, &edge));
}

#[test]
fn by_distance_the_nearest_come_first_then_ties_by_score_then_whole_country_matches() {
    let speaks =
        |doc: CandidateDoc, level| CandidateDoc { languages: vec![LanguageSkill { language: 1, level }], ..doc };
    let docs = vec![
        speaks(candidate(1, vec![JobLocalization::Country { country: CountryCode::FRANCE }]), 6),
        speaks(candidate(2, vec![place(1, SAINT_DENIS)]), 6),
        speaks(candidate(3, vec![place(2, PARIS)]), 3),
        speaks(candidate(4, vec![place(3, PARIS)]), 6),
        speaks(candidate(5, vec![place(4, PARIS)]), 6),
    ];
    let matcher = Matcher::build(docs.clone());
    let by_distance = SourcingQuery {
        languages: vec![LanguageRequirement { language: 1, level: 6 }],
        sort: SortOrder::Distance,
        ..query()
    };

    let result = matcher.search(&by_distance);

    // By distance every point match comes first, nearest first, and the whole-country one last
    // (it has no distance), whatever the scores.
    let ids: Vec<i64> = result.hits.iter().map(|hit| hit.candidate_id).collect();
    assert_eq!(ids, vec![4, 5, 3, 2, 1]);
    assert_eq!(result.hits[4].breakdown.proximity.distance_km, None);
    assert_eq!(result, oracle::search(&docs, &by_distance));
    let second_page = matcher.search(&SourcingQuery { limit: 2, offset: 2, ..by_distance.clone() });
    assert_eq!(second_page.hits.iter().map(|hit| hit.candidate_id).collect::<Vec<_>>(), vec![3, 2]);
}

#[test]
fn a_restriction_limits_the_hits_the_total_and_the_relax_counts_to_its_candidates() {
    let docs = vec![
        candidate(1, vec![place(1, PARIS)]),
        candidate(2, vec![place(1, PARIS)]),
        CandidateDoc { degree_level: 2, ..candidate(3, vec![place(1, PARIS)]) },
        CandidateDoc { degree_level: 2, ..candidate(4, vec![place(1, PARIS)]) },
        CandidateDoc { searchable: false, ..candidate(5, vec![place(1, PARIS)]) },
    ];
    let matcher = Matcher::build(docs.clone());
    let saved = SourcingQuery { restrict_to: Some([2, 3, 5, 99].into()), ..query() };

    let result = matcher.search(&saved);

    assert_eq!(result.hits.iter().map(|hit| hit.candidate_id).collect::<Vec<_>>(), vec![2]);
    assert_eq!((result.total, result.relax.degree), (1, 1));
    assert_eq!(result, oracle::search(&docs, &saved));
    assert_eq!(matcher.search(&SourcingQuery { restrict_to: Some([].into()), ..query() }).total, 0);
}

#[test]
fn keywords_ignore_accents_case_and_inflection_in_french_and_english() {
    let doc = |id, text: &str| CandidateDoc { text: text.to_string(), ..candidate(id, vec![place(1, PARIS)]) };
    let docs = vec![
        doc(1, "Gestion de projets informatiques au café"),
        doc(2, "Managing software projects"),
        doc(3, "Cuisinier"),
    ];
    let matcher = Matcher::build(docs.clone());
    let with_keywords = |keywords: &str| SourcingQuery { keywords: Some(keywords.to_string()), ..query() };
    let ids = |keywords: &str| {
        matcher.search(&with_keywords(keywords)).hits.iter().map(|hit| hit.candidate_id).collect::<Vec<_>>()
    };

    assert_eq!(ids("PROJET"), vec![1]);
    assert_eq!(ids("cafe projets"), vec![1]);
    assert_eq!(ids("project manage"), vec![2]);
    assert_eq!(ids("plombier"), Vec::<i64>::new());
    assert_eq!(ids("  "), vec![1, 2, 3]);
    for keywords in ["PROJET", "cafe projets", "project manage", "projects"] {
        assert_eq!(matcher.search(&with_keywords(keywords)), oracle::search(&docs, &with_keywords(keywords)));
    }
}

#[test]
fn keyword_relevance_ranks_what_a_profile_is_about_above_a_passing_mention() {
    let doc = |id, text: String| CandidateDoc { text, ..candidate(id, vec![place(1, PARIS)]) };
    let filler = "conseil en stratégie auprès de directions générales ".repeat(20);
    let docs = vec![
        doc(1, format!("Consultant en stratégie\nAnne Martin\n{filler} puis un stage de développeur")),
        doc(2, "En recherche de développeur web\nLéa Petit\nDéveloppeur front-end\nApplications web".to_string()),
        doc(3, "Cuisinier\nPaul Durand".to_string()),
    ];
    let matcher = Matcher::build(docs.clone());
    let search = SourcingQuery { keywords: Some("Développeur".into()), ..query() };
    let result = matcher.search(&search);
    assert_eq!(result.hits.iter().map(|hit| hit.candidate_id).collect::<Vec<_>>(), vec![2, 1]);
    let [focused, passing] = [&result.hits[0].breakdown, &result.hits[1].breakdown];
    assert_eq!(focused.keywords, vec![KeywordCredit { word: "développeur".into(), occurrences: 2 }]);
    assert_eq!(passing.keywords, vec![KeywordCredit { word: "développeur".into(), occurrences: 1 }]);
    assert!(focused.keyword_score > passing.keyword_score);
    assert_eq!(result, oracle::search(&docs, &search));
    // Without keywords there is no keyword credit, and the score is the criteria's alone.
    let plain = matcher.search(&query());
    assert!(plain.hits.iter().all(|hit| hit.breakdown.keywords.is_empty() && hit.breakdown.keyword_score.is_none()));
}

#[test]
fn contract_ids_beyond_the_bit_dictionary_are_checked_exactly() {
    let docs: Vec<CandidateDoc> = (0..40)
        .map(|id| CandidateDoc { contract_types: vec![100 + id as u16], ..candidate(id, vec![place(1, PARIS)]) })
        .collect();
    let matcher = Matcher::build(docs.clone());

    for contract in [100, 130, 135, 139, 140] {
        let wanted = SourcingQuery { contract_types: vec![contract], ..query() };
        let result = matcher.search(&wanted);
        assert_eq!(result.total, usize::from(contract < 140), "contract {contract}");
        assert_eq!(result, oracle::search(&docs, &wanted));
    }
}

#[test]
fn documents_round_trip_exactly_through_builds_and_changes() {
    let hidden = CandidateDoc { searchable: false, text: "Électricien".into(), ..candidate(2, vec![]) };
    let mut edited = candidate(1, vec![place(1, PARIS), JobLocalization::Country { country: CountryCode::FRANCE }]);
    let matcher = Matcher::build(vec![edited.clone(), hidden.clone()]);
    edited.degree_level = 8;

    matcher.apply(vec![Change::Upsert(edited.clone()), Change::Remove(42)]);

    assert_eq!(matcher.document(1), Some(edited));
    assert_eq!(matcher.document(2), Some(hidden.clone()));
    assert_eq!(matcher.document_without_text(2), Some(CandidateDoc { text: String::new(), ..hidden }));
    assert_eq!(matcher.document(42), None);
    assert_eq!(matcher.len(), 2);
    matcher.apply(vec![Change::Remove(2)]);
    matcher.compact();
    assert_eq!(matcher.document(2), None);
    assert_eq!(matcher.len(), 1);
}

#[test]
fn a_search_sees_a_whole_batch_or_none_of_it() {
    let before: Vec<CandidateDoc> = (0..300).map(|id| candidate(id, vec![place(1, PARIS)])).collect();
    let matcher = Matcher::build(before);
    let batch: Vec<Change> = (0..300)
        .map(Change::Remove)
        .chain((1000..1100).map(|id| Change::Upsert(candidate(id, vec![place(1, PARIS)]))))
        .collect();

    std::thread::scope(|scope| {
        let readers: Vec<_> = (0..2)
            .map(|_| {
                scope.spawn(|| {
                    (0..200).map(|_| matcher.search(&SourcingQuery { limit: 0, ..query() }).total).collect::<Vec<_>>()
                })
            })
            .collect();
        matcher.apply(batch);
        for reader in readers {
            let totals = reader.join().unwrap();
            assert!(totals.iter().all(|&total| total == 300 || total == 100), "{totals:?}");
        }
    });
    assert_eq!(matcher.search(&query()).total, 100);
}

#[test]
fn merges_running_beside_batches_lose_no_change() {
    let matcher = Matcher::build((0..2_000).map(|id| candidate(id, vec![place(1, PARIS)])).collect());
    let mut expected: std::collections::BTreeMap<i64, CandidateDoc> =
        (0..2_000).map(|id| (id, candidate(id, vec![place(1, PARIS)]))).collect();
    let batches: Vec<Vec<Change>> = (0..400i64)
        .map(|round| {
            (0..8i64)
                .map(|index| {
                    let candidate_id = (round * 37 + index * 251) % 2_600;
                    if (round + index) % 5 == 0 {
                        Change::Remove(candidate_id)
                    } else {
                        let mut doc = candidate(candidate_id, vec![place(1, PARIS)]);
                        doc.minimum_duration_months = (round % 12) as u16;
                        Change::Upsert(doc)
                    }
                })
                .collect()
        })
        .collect();
    for batch in &batches {
        for change in batch {
            match change {
                Change::Upsert(doc) => expected.insert(doc.candidate_id, doc.clone()),
                Change::Remove(candidate_id) => expected.remove(candidate_id),
            };
        }
    }

    let done = std::sync::atomic::AtomicBool::new(false);
    let merges = std::thread::scope(|scope| {
        let keep_merging = |step: fn(&Matcher) -> bool| {
            let (matcher, done) = (&matcher, &done);
            scope.spawn(move || {
                let mut merges = 0;
                while !done.load(std::sync::atomic::Ordering::Acquire) {
                    if step(matcher) {
                        merges += 1;
                    } else {
                        std::thread::yield_now();
                    }
                }
                merges
            })
        };
        let mergers = [keep_merging(Matcher::merge_step), keep_merging(Matcher::rebuild_step)];
        for batch in batches {
            matcher.apply(batch);
        }
        done.store(true, std::sync::atomic::Ordering::Release);
        mergers.map(|merger| merger.join().unwrap())
    });

    assert!(merges.iter().all(|&merges| merges > 0), "merges and rebuilds: {merges:?}");
    assert!(matcher.run_count() <= matcher::MAX_RUNS, "{} runs", matcher.run_count());
    assert_eq!(matcher.len(), expected.len());
    for candidate_id in 0..2_600 {
        assert_eq!(matcher.document(candidate_id).as_ref(), expected.get(&candidate_id), "candidate {candidate_id}");
    }
    let everything = matcher.search(&SourcingQuery { limit: usize::MAX / 2, duration_months: 100, ..query() });
    assert_eq!(everything.total, expected.len());
}

/// Searches that split their work across the rayon pool, started from the pool's own workers as
/// the server starts them, find what a search alone finds. (A worker waiting inside one search's
/// parallel part may run another search's task on the same thread; the scratch is then a fresh
/// one, see `with_scratch`. This test does not reliably provoke that interleaving.)
#[test]
fn searches_split_across_the_pool_while_others_run_on_the_same_workers() {
    use rayon::prelude::*;
    let docs: Vec<CandidateDoc> = (0..12_000)
        .map(|id| {
            let offset = f64::from(id % 200) / 1000.0;
            CandidateDoc {
                text: format!("mot{}", id % 7),
                ..candidate(i64::from(id), vec![place(1, (PARIS.0 + offset, PARIS.1 - offset))])
            }
        })
        .collect();
    let matcher = Matcher::build(docs);
    let split = matcher::SearchOptions {
        plan: matcher::SearchPlan::GeoFirst,
        parallel_min_entries: 1,
        ..matcher::SearchOptions::default()
    };
    let queries: Vec<SourcingQuery> = (0..64)
        .map(|index| SourcingQuery {
            radius_km: 30.0 + f64::from(index % 8) * 5.0,
            keywords: (index % 2 == 0).then(|| format!("mot{}", index % 7)),
            ..query()
        })
        .collect();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    let together: Vec<_> = pool.install(|| queries.par_iter().map(|query| matcher.search_with(query, split)).collect());
    for (query, result) in queries.iter().zip(together) {
        assert_eq!(result, matcher.search(query));
    }
}

#[test]
fn a_relaxed_radius_stops_at_the_largest_radius() {
    const LE_MANS: (f64, f64) = (48.0061, 0.1996);
    const LILLE: (f64, f64) = (50.6292, 3.0573);
    assert!((150.0..200.0).contains(&distance_km(PARIS, LE_MANS)));
    assert!((200.0..300.0).contains(&distance_km(PARIS, LILLE)));
    let docs = vec![candidate(1, vec![place(1, LE_MANS)]), candidate(2, vec![place(2, LILLE)])];
    let matcher = Matcher::build(docs.clone());
    let wide = SourcingQuery { radius_km: 150.0, ..query() };
    let widest = SourcingQuery { radius_km: 200.0, ..query() };

    // "+1 within 200 km": the partner cannot ask for 300 km, so Lille is not counted
    assert_eq!(matcher.search(&wide).relax.radius, 1);
    assert_eq!(matcher.search(&widest).relax.radius, 0, "the largest radius cannot be relaxed");
    assert_eq!(matcher.search(&wide), oracle::search(&docs, &wide));
    assert_eq!(matcher.search(&widest), oracle::search(&docs, &widest));
}

#[test]
fn a_relaxed_flexibility_stops_at_its_maximum() {
    let needs =
        |minimum_duration_months| CandidateDoc { minimum_duration_months, ..candidate(1, vec![place(1, PARIS)]) };
    let docs = vec![needs(126)];
    let matcher = Matcher::build(docs.clone());
    let almost = SourcingQuery { duration_flexibility_months: 118, ..query() };
    let most = SourcingQuery { duration_flexibility_months: 120, ..query() };
    let beyond = Matcher::build(vec![needs(127)]);

    // 6 months + 118 relaxes to 6 + 120 = 126 months (not 6 + 121)
    assert_eq!(matcher.search(&almost).relax.duration_flexibility, 1);
    assert_eq!(matcher.search(&most).total, 1);
    assert_eq!(beyond.search(&most).relax.duration_flexibility, 0, "120 months cannot be relaxed to 123");
    assert_eq!(matcher.search(&almost), oracle::search(&docs, &almost));
}

#[test]
fn the_audience_decides_who_a_partner_finds_and_is_never_relaxed() {
    let in_school = |candidate_id, findable_by| CandidateDoc {
        findable_by,
        school_id: Some(7),
        ..candidate(candidate_id, vec![place(1, PARIS)])
    };
    let docs = vec![
        in_school(1, FindableBy::Everyone),
        in_school(2, FindableBy::SchoolPartners),
        candidate(3, vec![place(1, PARIS)]),
    ];
    let matcher = Matcher::build(docs.clone());
    let found = |audience: Audience| {
        let query = SourcingQuery { audience, contract_types: vec![2], ..query() };
        let result = matcher.search(&query);
        assert_eq!(result, oracle::search(&docs, &query));
        let found = matcher.search(&SourcingQuery { contract_types: vec![1], ..query.clone() });
        (found.hits.iter().map(|hit| hit.candidate_id).collect::<Vec<_>>(), result.relax.contracts)
    };

    // every approved partner: those who let everyone find them
    assert_eq!(found(Audience::default()), (vec![1, 3], 2));
    // a partner of school 7 only: its candidates, whatever they chose
    assert_eq!(found(Audience { everyone: false, schools: vec![7] }), (vec![1, 2], 2));
    // both
    assert_eq!(found(Audience { everyone: true, schools: vec![7] }), (vec![1, 2, 3], 3));
    // neither: nobody, and no relaxation counts anyone
    assert_eq!(found(Audience { everyone: false, schools: vec![8] }), (vec![], 0));
}

#[test]
fn the_heap_estimate_grows_with_the_documents_and_shrinks_once_they_are_removed() {
    let text = "Électricien chantier tertiaire, habilitations à jour, câblage et mise en service".to_owned();
    let document =
        |id: i64| CandidateDoc { text: text.clone(), ..candidate(id, vec![place(1, PARIS), place(2, LYON)]) };
    let small = Matcher::build((0..100).map(document).collect());
    let large = Matcher::build((0..10_000).map(document).collect());

    // a document holds its columns, two geo entries and its text: far more than 100 bytes
    assert!(large.heap_bytes() > small.heap_bytes() + 9_900 * 100, "{} vs {}", large.heap_bytes(), small.heap_bytes());
    large.apply((100..10_000).map(Change::Remove).collect());
    large.compact();
    assert!(large.heap_bytes() < small.heap_bytes() * 2, "{} vs {}", large.heap_bytes(), small.heap_bytes());
}
