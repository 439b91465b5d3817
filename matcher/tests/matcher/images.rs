//! A matcher read back from its image (what a server restarts from) holds the same documents in
//! the same runs and answers every query as the oracle does; a damaged image is refused and leaves
//! the matcher as it was.

use matcher::image::ImageError;
use matcher::{Change, Matcher};
use proptest::prelude::*;
use proptest::strategy::ValueTree;

use crate::properties::{any_candidate, apply_step, assert_same_as_oracle, lenient, live_documents, query, step};

fn image_of(matcher: &Matcher) -> Vec<u8> {
    let mut image = Vec::new();
    matcher.freeze().write_to(&mut image).unwrap();
    image
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn a_matcher_read_back_from_its_image_equals_the_oracle(
        docs in prop::collection::vec(any_candidate(), 0..80),
        steps in prop::collection::vec(step(), 0..8),
        queries in prop::collection::vec(query(), 1..6),
    ) {
        let mut live = live_documents(&docs);
        let original = Matcher::build(docs);
        for step in steps {
            apply_step(&original, &mut live, step);
        }

        let restored = Matcher::new();
        restored.load_image(&image_of(&original)).unwrap();

        prop_assert_eq!(restored.run_count(), original.run_count());
        prop_assert_eq!(restored.len(), live.len());
        for candidate_id in 0..80 {
            let document = restored.document(candidate_id);
            prop_assert_eq!(document.as_ref(), live.get(&candidate_id));
        }
        for query in &queries {
            prop_assert_eq!(restored.search(query), original.search(query));
            assert_same_as_oracle(&restored, &live, query);
            assert_same_as_oracle(&restored, &live, &lenient(query));
        }
        // the restored matcher takes changes like any other
        let first = live.keys().next().copied();
        if let Some(candidate_id) = first {
            restored.apply(vec![Change::Remove(candidate_id)]);
            live.remove(&candidate_id);
            prop_assert_eq!(restored.len(), live.len());
            assert_same_as_oracle(&restored, &live, &queries[0]);
        }
    }
}

#[test]
fn a_damaged_or_cut_image_is_refused_and_the_matcher_keeps_its_documents() {
    let docs: Vec<_> = {
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        (0..40).map(|_| any_candidate().new_tree(&mut runner).unwrap().current()).collect()
    };
    let kept = Matcher::build(docs[..1].to_vec());
    let original = Matcher::build(docs);
    let image = image_of(&original);

    for cut in [0, 1, 8, image.len() / 3, image.len() / 2, image.len() - 1] {
        assert!(kept.load_image(&image[..cut]).is_err(), "an image cut at {cut} of {} bytes", image.len());
        assert_eq!(kept.len(), 1);
    }
    let mut too_long = image.clone();
    too_long.push(0);
    assert!(matches!(kept.load_image(&too_long), Err(ImageError::Malformed(_))));
    let mut huge_count = image.clone();
    huge_count[..8].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(matches!(kept.load_image(&huge_count), Err(ImageError::Malformed(_))));
    assert_eq!(kept.len(), 1);

    kept.load_image(&image).unwrap();
    assert_eq!(kept.len(), original.len());
}

/// A segment of enough candidates compresses its texts against a dictionary (small ones keep them
/// as they are): it answers keyword searches as the oracle does, gives its documents back with
/// their texts, and reads back from its image the same.
#[test]
fn a_segment_whose_texts_are_compressed_answers_and_reads_back_as_the_oracle() {
    let docs: Vec<_> = {
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        (0..6_000)
            .map(|candidate_id| {
                let doc = any_candidate().new_tree(&mut runner).unwrap().current();
                matcher::CandidateDoc { candidate_id, ..doc }
            })
            .collect()
    };
    let queries: Vec<_> = {
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        (0..24).map(|_| query().new_tree(&mut runner).unwrap().current()).collect()
    };
    assert!(queries.iter().any(|query| query.keywords.is_some()), "some queries have keywords");
    let live = live_documents(&docs);
    let original = Matcher::build(docs);
    let restored = Matcher::new();
    restored.load_image(&image_of(&original)).unwrap();
    for matcher in [&original, &restored] {
        for (candidate_id, document) in live.iter().step_by(97) {
            assert_eq!(matcher.document(*candidate_id).as_ref(), Some(document));
        }
        for query in &queries {
            assert_same_as_oracle(matcher, &live, query);
            assert_same_as_oracle(matcher, &live, &lenient(query));
        }
    }
}
