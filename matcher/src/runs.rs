//! The matcher's published states, and when their parts are merged.
//!
//! A state is a list of immutable *runs*, oldest first: a segment plus a bitset of its rows that
//! later changes replaced or removed. A candidate is live in at most one run. Applying a batch
//! kills the batch's candidates where they live and adds one run holding the batch's documents,
//! so its cost depends on the batch only, never on how much changed before. Merging runs is
//! separate work that the owner of the matcher runs off the write
//! path, so a large merge never delays the next batch.
//!
//! Merge policy (size-tiered, as LSM stores do): runs are grouped into tiers by live size, tier
//! `t` holding runs of `4^t ..< 4^(t+1)` documents; [`TIER_WIDTH`] runs of one tier (the first
//! run, the base, excluded) merge into one of the next tier ([`tier_merge_plan`]), so a document
//! is rewritten about log4(n) times on its way to the base. The base itself is rebuilt with
//! everything once the rows it lost or the documents outside it pass [`compaction_threshold`] of
//! its size ([`rebuild_plan`]). A merge claims its runs; both kinds run side by side, so the small
//! runs a long base rebuild leaves behind keep merging meanwhile.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::model::CandidateDoc;
use crate::segment::Segment;

/// Runs of one tier that trigger their merge.
pub const TIER_WIDTH: usize = 4;

/// More runs than this and [`crate::Matcher::apply`] merges before returning, so that a matcher
/// nobody maintains stays fast to search.
pub const MAX_RUNS: usize = 24;

/// The count of dead base rows or documents outside the base above which the base is rebuilt.
pub fn compaction_threshold(base_rows: usize) -> usize {
    (base_rows / 16).max(1024)
}

fn bit_is_set(bits: &[u64], row: u32) -> bool {
    bits[row as usize / 64] >> (row % 64) & 1 == 1
}

/// One immutable segment with the rows later changes killed.
#[derive(Clone)]
pub(crate) struct Run {
    /// Unique within a matcher, so a merge finds its runs again after concurrent batches.
    pub id: u64,
    pub segment: Arc<Segment>,
    pub dead: Arc<Vec<u64>>,
    pub live: usize,
}

impl Run {
    pub fn new(id: u64, segment: Segment) -> Run {
        let rows = segment.columns.candidate_ids.len();
        Run { id, segment: Arc::new(segment), dead: Arc::new(vec![0; rows.div_ceil(64)]), live: rows }
    }

    pub fn rows(&self) -> usize {
        self.segment.columns.candidate_ids.len()
    }

    pub fn live_row(&self, candidate_id: i64) -> Option<u32> {
        self.segment.columns.row_of(candidate_id).filter(|&row| !bit_is_set(&self.dead, row))
    }

    fn kill(&mut self, row: u32) {
        let word = &mut Arc::make_mut(&mut self.dead)[row as usize / 64];
        *word |= 1 << (row % 64);
        self.live -= 1;
    }

    fn live_documents(&self) -> impl Iterator<Item = (u32, CandidateDoc)> + '_ {
        (0..self.rows() as u32)
            .filter(|&row| !bit_is_set(&self.dead, row))
            .map(|row| (row, self.segment.columns.document(row, true)))
    }
}

/// One state of the matcher.
#[derive(Clone, Default)]
pub(crate) struct Snapshot {
    /// Oldest first; the first is the base.
    pub runs: Vec<Run>,
}

impl Snapshot {
    /// Kills the live row of `candidate_id`, wherever it is.
    pub fn kill(&mut self, candidate_id: i64) {
        for run in self.runs.iter_mut().rev() {
            if let Some(row) = run.live_row(candidate_id) {
                run.kill(row);
                return;
            }
        }
    }

    pub fn document(&self, candidate_id: i64, with_text: bool) -> Option<CandidateDoc> {
        self.runs
            .iter()
            .rev()
            .find_map(|run| run.live_row(candidate_id).map(|row| run.segment.columns.document(row, with_text)))
    }

    pub fn live(&self) -> usize {
        self.runs.iter().map(|run| run.live).sum()
    }

    /// Drops the runs nothing lives in any more.
    pub fn drop_empty_runs(&mut self) {
        self.runs.retain(|run| run.live > 0);
    }
}

fn tier(live: usize) -> u32 {
    live.max(1).ilog(4)
}

/// The runs (by id) to rebuild the base from: all the unclaimed ones, when the rows the base lost
/// or the documents outside it pass [`compaction_threshold`]; `None` otherwise, or while the base
/// is claimed.
pub(crate) fn rebuild_plan(snapshot: &Snapshot, claimed: &HashSet<u64>) -> Option<Vec<u64>> {
    let (base, others) = snapshot.runs.split_first()?;
    if claimed.contains(&base.id) {
        return None;
    }
    let outside: usize = others.iter().map(|run| run.live).sum();
    let threshold = compaction_threshold(base.rows());
    (base.rows() - base.live > threshold || outside > threshold)
        .then(|| snapshot.runs.iter().map(|run| run.id).filter(|id| !claimed.contains(id)).collect())
}

/// The runs (by id) of the lowest size tier holding [`TIER_WIDTH`] unclaimed runs besides the base;
/// `None` when no tier does.
pub(crate) fn tier_merge_plan(snapshot: &Snapshot, claimed: &HashSet<u64>) -> Option<Vec<u64>> {
    let (_base, others) = snapshot.runs.split_first()?;
    let mut by_tier: HashMap<u32, Vec<u64>> = HashMap::new();
    for run in others.iter().filter(|run| !claimed.contains(&run.id)) {
        by_tier.entry(tier(run.live)).or_default().push(run.id);
    }
    by_tier.into_iter().filter(|(_, ids)| ids.len() >= TIER_WIDTH).min_by_key(|(tier, _)| *tier).map(|(_, ids)| ids)
}

/// A run built from the live documents of some runs, and the place each of its rows came from.
pub(crate) struct MergedRun {
    /// Ids of the runs it replaces.
    replaces: Vec<u64>,
    segment: Segment,
    /// For each row of `segment`: (id of the source run, row there).
    sources: Vec<(u64, u32)>,
}

impl MergedRun {
    /// Builds the merge of `runs` (slow: run it without holding the writer's lock).
    pub fn build(runs: &[Run]) -> MergedRun {
        let capacity = runs.iter().map(|run| run.live).sum();
        let mut documents = Vec::with_capacity(capacity);
        let mut source_of: HashMap<i64, (u64, u32)> = HashMap::with_capacity(capacity);
        for run in runs {
            for (row, document) in run.live_documents() {
                source_of.insert(document.candidate_id, (run.id, row));
                documents.push(document);
            }
        }
        let segment = Segment::build(documents);
        let sources = segment.columns.candidate_ids.iter().map(|candidate_id| source_of[candidate_id]).collect();
        MergedRun { replaces: runs.iter().map(|run| run.id).collect(), segment, sources }
    }

    /// Replaces, in `current`, the runs it was built from by the merged run with id `id`, killing
    /// its rows whose source row died since the merge began. The merged run takes the place of the
    /// oldest of them.
    pub fn install(self, id: u64, current: &mut Snapshot) {
        let sources: HashMap<u64, &Run> =
            current.runs.iter().filter(|run| self.replaces.contains(&run.id)).map(|run| (run.id, run)).collect();
        let mut merged = Run::new(id, self.segment);
        for (row, (run_id, source_row)) in self.sources.iter().enumerate() {
            if sources.get(run_id).is_some_and(|source| bit_is_set(&source.dead, *source_row)) {
                merged.kill(row as u32);
            }
        }
        let position = current.runs.iter().position(|run| self.replaces.contains(&run.id)).unwrap_or(0);
        current.runs.retain(|run| !self.replaces.contains(&run.id));
        current.runs.insert(position.min(current.runs.len()), merged);
        current.drop_empty_runs();
    }
}
