//! Percolation against running every saved query on the brute-force oracle: what a document
//! matches, and what a change of a document starts matching, for random changes of every field
//! the filters read and for one document replaced by another.

use matcher::{Audience, CandidateDoc, FindableBy, Hit, JobLocalization, Match, Percolator, SourcingQuery, oracle};
use proptest::prelude::*;
use proptest::sample::Index;

use crate::properties::{any_candidate, localization, query, text};

/// What percolating `doc` must give: every query the oracle finds it with, and its hit there.
fn oracle_percolation(queries: &[(i64, SourcingQuery)], doc: &CandidateDoc) -> Vec<(i64, Hit)> {
    queries
        .iter()
        .filter_map(|(id, query)| {
            let whole = SourcingQuery { limit: 1, offset: 0, ..query.clone() };
            oracle::search(std::slice::from_ref(doc), &whole).hits.pop().map(|hit| (*id, hit))
        })
        .collect()
}

/// A candidate whose places are moved by up to a degree, so that many lie near the edge of a
/// query's circle and of the percolation grid's cells.
fn scattered_candidate() -> impl Strategy<Value = CandidateDoc> {
    (any_candidate(), prop::collection::vec((-1.0f64..1.0, -1.0f64..1.0), 4)).prop_map(|(mut doc, moves)| {
        for (localization, (dlat, dlng)) in doc.localizations.iter_mut().zip(moves) {
            if let JobLocalization::Place { lat, lng, .. } = localization {
                *lat += dlat;
                *lng += dlng;
            }
        }
        doc
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// Percolation finds a document with exactly the saved queries a search finds it with, and
    /// the same hit; radii up to 1,600 km put some queries in the wide lists.
    #[test]
    fn percolation_equals_running_every_query_on_the_oracle(
        docs in prop::collection::vec(scattered_candidate(), 1..60),
        queries in prop::collection::vec((query(), prop::sample::select(vec![1.0, 1.0, 5.0, 20.0])), 1..30),
        replaced in prop::collection::vec((0usize..30, query()), 0..4),
    ) {
        let mut queries: Vec<(i64, SourcingQuery)> = queries
            .into_iter()
            .enumerate()
            .map(|(id, (query, scale))| (id as i64, SourcingQuery { radius_km: query.radius_km * scale, ..query }))
            .collect();
        let mut percolator = Percolator::build(queries.clone());
        // edited searches replace their query; one in four is then removed
        for (position, query) in replaced {
            if queries.is_empty() {
                break;
            }
            let position = position % queries.len();
            let id = queries[position].0;
            if position.is_multiple_of(4) {
                percolator.remove(id);
                queries.remove(position);
            } else {
                percolator.insert(id, query.clone());
                queries[position].1 = query;
            }
        }
        prop_assert_eq!(percolator.len(), queries.len());
        queries.sort_by_key(|(id, _)| *id);
        for doc in &docs {
            prop_assert_eq!(percolator.percolate(doc), oracle_percolation(&queries, doc), "doc {:#?}", doc);
        }
        // a change: only the queries the second document matches and the first did not
        for pair in docs.windows(2) {
            prop_assert_eq!(
                percolator.started_matching(Some(&pair[0]), &pair[1]),
                oracle_started(&queries, Some(&pair[0]), &pair[1])
            );
        }
    }
}

/// One change of a candidate's document.
#[derive(Clone, Debug)]
enum Edit {
    /// A localization added (a place moved by up to a degree).
    Add(JobLocalization),
    Remove(Index),
    AddCategory(u16),
    RemoveCategory(Index),
    /// The availability date moved by that many days.
    MoveDate(i64),
    Degree(u8),
    MinimumDuration(u16),
    AddContract(u16),
    RemoveContract(Index),
    Text(String),
    Searchable(bool),
    /// Who the candidate lets find them: everyone (true) or their school's partners.
    FindableByEveryone(bool),
    School(Option<i64>),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        3 => (localization(), -1.0f64..1.0, -1.0f64..1.0).prop_map(|(mut localization, dlat, dlng)| {
            if let JobLocalization::Place { lat, lng, .. } = &mut localization {
                *lat += dlat;
                *lng += dlng;
            }
            Edit::Add(localization)
        }),
        2 => any::<Index>().prop_map(Edit::Remove),
        2 => (1u16..=4).prop_map(Edit::AddCategory),
        1 => any::<Index>().prop_map(Edit::RemoveCategory),
        2 => (-60i64..60).prop_map(Edit::MoveDate),
        1 => (0u8..=8).prop_map(Edit::Degree),
        1 => prop::sample::select(vec![0u16, 1, 3, 6, 12]).prop_map(Edit::MinimumDuration),
        1 => prop_oneof![3 => 1u16..=5, 1 => 30u16..=33].prop_map(Edit::AddContract),
        1 => any::<Index>().prop_map(Edit::RemoveContract),
        1 => text().prop_map(Edit::Text),
        1 => any::<bool>().prop_map(Edit::Searchable),
        1 => any::<bool>().prop_map(Edit::FindableByEveryone),
        1 => prop::option::weighted(0.7, 1i64..4).prop_map(Edit::School),
    ]
}

fn remove_at<T>(items: &mut Vec<T>, index: &Index) {
    if !items.is_empty() {
        items.remove(index.index(items.len()));
    }
}

fn apply(doc: &CandidateDoc, edits: &[Edit]) -> CandidateDoc {
    let mut doc = doc.clone();
    for edit in edits {
        match edit {
            Edit::Add(localization) => doc.localizations.push(localization.clone()),
            Edit::Remove(index) => remove_at(&mut doc.localizations, index),
            Edit::AddCategory(category) => doc.job_categories.push(*category),
            Edit::RemoveCategory(index) => remove_at(&mut doc.job_categories, index),
            Edit::MoveDate(days) => {
                doc.available_from = if *days < 0 {
                    doc.available_from - chrono::Days::new(days.unsigned_abs())
                } else {
                    doc.available_from + chrono::Days::new(*days as u64)
                }
            }
            Edit::Degree(level) => doc.degree_level = *level,
            Edit::MinimumDuration(months) => doc.minimum_duration_months = *months,
            Edit::AddContract(contract) => doc.contract_types.push(*contract),
            Edit::RemoveContract(index) => remove_at(&mut doc.contract_types, index),
            Edit::Text(text) => doc.text = text.clone(),
            Edit::Searchable(searchable) => doc.searchable = *searchable,
            Edit::FindableByEveryone(everyone) => {
                doc.findable_by = if *everyone { FindableBy::Everyone } else { FindableBy::SchoolPartners }
            }
            Edit::School(school_id) => doc.school_id = *school_id,
        }
    }
    doc
}

/// What `started_matching(before, after)` must give: the oracle's matches of `after` that are not
/// matches of `before`.
fn oracle_started(queries: &[(i64, SourcingQuery)], before: Option<&CandidateDoc>, after: &CandidateDoc) -> Vec<Match> {
    let matched_before: Vec<i64> = before
        .map(|before| oracle_percolation(queries, before).into_iter().map(|(id, _)| id).collect())
        .unwrap_or_default();
    oracle_percolation(queries, after)
        .into_iter()
        .filter(|(id, _)| !matched_before.contains(id))
        .map(|(query_id, hit)| Match {
            query_id,
            candidate_id: hit.candidate_id,
            score: hit.score,
            proximity: hit.breakdown.proximity,
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// A document changed by one to three edits starts matching exactly the queries the oracle
    /// finds it with after the change and not before; undoing the change too, and a new document
    /// (no document before) starts matching everything it matches.
    #[test]
    fn started_matching_equals_the_oracle_difference_across_edits(
        docs in prop::collection::vec((scattered_candidate(), prop::collection::vec(edit(), 1..4)), 1..12),
        queries in prop::collection::vec((query(), prop::sample::select(vec![1.0, 1.0, 5.0, 20.0])), 1..40),
    ) {
        let queries: Vec<(i64, SourcingQuery)> = queries
            .into_iter()
            .enumerate()
            .map(|(id, (mut query, scale))| {
                // some contract types from 30 on, which the percolator's bitsets do not tell apart
                if id % 4 == 0 {
                    query.contract_types.push(30 + id as u16 % 4);
                }
                (id as i64, SourcingQuery { radius_km: query.radius_km * scale, ..query })
            })
            .collect();
        let percolator = Percolator::build(queries.clone());
        for (before, edits) in &docs {
            let after = apply(before, edits);
            prop_assert_eq!(
                percolator.started_matching(Some(before), &after),
                oracle_started(&queries, Some(before), &after),
                "before {:#?} edits {:#?}", before, edits
            );
            prop_assert_eq!(
                percolator.started_matching(Some(&after), before),
                oracle_started(&queries, Some(&after), before),
                "undone: before {:#?} edits {:#?}", before, edits
            );
            prop_assert_eq!(percolator.started_matching(None, &after), oracle_started(&queries, None, &after));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// "Offers for me": percolating a candidate as they look at offers (whoever they let find
    /// them) through the offers' queries gives the offers that running each query on the oracle
    /// finds them with, best first, ties to the oldest offer; and the best few of them alone, with
    /// how many there are.
    #[test]
    fn offers_for_me_are_the_oracles_offers_in_its_order(
        docs in prop::collection::vec(scattered_candidate(), 1..20),
        offers in prop::collection::vec(query(), 1..40),
    ) {
        let offers: Vec<(i64, SourcingQuery)> = offers
            .into_iter()
            .enumerate()
            .map(|(id, query)| (id as i64, SourcingQuery { audience: Audience::default(), ..query }))
            .collect();
        let percolator = Percolator::build(offers.clone());
        for doc in &docs {
            let looking = doc.looking_at_offers();
            let mut expected = oracle_percolation(&offers, &looking);
            expected.sort_by(|(a_id, a), (b_id, b)| b.score.total_cmp(&a.score).then(a_id.cmp(b_id)));
            prop_assert_eq!(percolator.ranked(&looking), expected.clone(), "doc {:#?}", doc);
            for limit in [0, 1, 3, 10] {
                let best = expected.iter().take(limit).cloned().collect::<Vec<_>>();
                prop_assert_eq!(percolator.ranked_top(&looking, limit), (expected.len(), best));
            }
        }
    }
}
