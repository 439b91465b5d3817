//! How a DISC personality test is scored: pure functions, kept apart from the HTTP routes
//! (`http::disc`) so that the rule is read and tested in one place.
//!
//! The questionnaire (migration 0002) has 24 question groups, each offering four answers, one
//! per DISC letter: D (dominance), I (influence), S (steadiness), C (conscientiousness). The
//! candidate picks, in every group, the one answer most like them (a single forced choice, the
//! one `value` of a question in the spec). Each letter's score is the share of the groups where
//! its answer was picked, as whole percentages that add up to 100 (largest remainders, ties in
//! D, I, S, C order). The dominant style is the letter with the highest percentage, the
//! secondary style the next one, if any group picked it; ties go in D, I, S, C order, so the
//! styles always agree with the percentages shown.
//!
//! Fairness: the result informs the candidate and, only if they choose to show it, the readers
//! of their public profile. It is never a sourcing criterion nor a ranking input: nothing of it
//! reaches the matcher's documents (an integration test holds this).

use serde::{Deserialize, Serialize};

/// A DISC style.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub enum Letter {
    D,
    I,
    S,
    C,
}

impl Letter {
    /// Every letter, in the order ties are broken.
    pub const ALL: [Letter; 4] = [Letter::D, Letter::I, Letter::S, Letter::C];

    /// The letter a `disc_answers.letter` column holds.
    pub fn parse(text: &str) -> Option<Letter> {
        match text.trim() {
            "D" => Some(Letter::D),
            "I" => Some(Letter::I),
            "S" => Some(Letter::S),
            "C" => Some(Letter::C),
            _ => None,
        }
    }

    fn index(self) -> usize {
        Letter::ALL.iter().position(|letter| *letter == self).expect("every letter is listed")
    }
}

/// Each style's percentage of the answers, 0 to 100, adding up to 100 once any answer is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Scores {
    pub d: i16,
    pub i: i16,
    pub s: i16,
    pub c: i16,
}

impl Scores {
    pub fn of(&self, letter: Letter) -> i16 {
        match letter {
            Letter::D => self.d,
            Letter::I => self.i,
            Letter::S => self.s,
            Letter::C => self.c,
        }
    }

    /// The percentages of `picked`, the letter of the answer chosen in each group.
    pub fn from_answers(picked: &[Letter]) -> Scores {
        let mut counts = [0_usize; 4];
        for letter in picked {
            counts[letter.index()] += 1;
        }
        let total = picked.len();
        if total == 0 {
            return Scores::default();
        }
        // whole percentages by largest remainder, so that they add up to exactly 100
        let mut percentages: Vec<usize> = counts.iter().map(|count| count * 100 / total).collect();
        let mut by_remainder: Vec<usize> = (0..4).collect();
        // stable sort: equal remainders keep the D, I, S, C order
        by_remainder.sort_by_key(|&index| std::cmp::Reverse(counts[index] * 100 % total));
        let missing = 100 - percentages.iter().sum::<usize>();
        for &index in by_remainder.iter().take(missing) {
            percentages[index] += 1;
        }
        let value = |index: usize| i16::try_from(percentages[index]).expect("a percentage fits");
        Scores { d: value(0), i: value(1), s: value(2), c: value(3) }
    }

    /// The letters by decreasing percentage, ties in D, I, S, C order.
    fn ranked(&self) -> [Letter; 4] {
        let mut letters = Letter::ALL;
        letters.sort_by_key(|letter| std::cmp::Reverse(self.of(*letter)));
        letters
    }

    /// The highest style; `None` before any answer.
    pub fn dominant(&self) -> Option<Letter> {
        self.ranked().into_iter().next().filter(|letter| self.of(*letter) > 0)
    }

    /// The second highest style, when it was picked at all.
    pub fn secondary(&self) -> Option<Letter> {
        self.ranked().into_iter().nth(1).filter(|letter| self.of(*letter) > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Letter::{C, D, I, S};

    fn repeat(letter: Letter, times: usize) -> Vec<Letter> {
        vec![letter; times]
    }

    #[test]
    fn every_group_counts_for_the_letter_picked_and_percentages_add_up_to_100() {
        let picked = [repeat(D, 12), repeat(I, 6), repeat(S, 4), repeat(C, 2)].concat();
        let scores = Scores::from_answers(&picked);
        assert_eq!(scores, Scores { d: 50, i: 25, s: 17, c: 8 });
        assert_eq!((scores.dominant(), scores.secondary()), (Some(D), Some(I)));
    }

    #[test]
    fn largest_remainders_round_to_exactly_100_with_ties_in_disc_order() {
        // 8, 8, 8, 0 of 24: 33.3 each; the first in D, I, S, C order takes the spare point
        let scores = Scores::from_answers(&[repeat(I, 8), repeat(S, 8), repeat(C, 8)].concat());
        assert_eq!(scores, Scores { d: 0, i: 34, s: 33, c: 33 });
        assert_eq!((scores.dominant(), scores.secondary()), (Some(I), Some(S)));
        for split in [[1, 1, 1, 21], [5, 7, 11, 1], [6, 6, 6, 6], [0, 0, 0, 24], [3, 0, 20, 1]] {
            let picked = [repeat(D, split[0]), repeat(I, split[1]), repeat(S, split[2]), repeat(C, split[3])].concat();
            let scores = Scores::from_answers(&picked);
            assert_eq!(scores.d + scores.i + scores.s + scores.c, 100, "{split:?}");
        }
    }

    #[test]
    fn a_single_style_has_no_secondary_and_no_answer_has_no_style() {
        let scores = Scores::from_answers(&repeat(C, 24));
        assert_eq!(scores, Scores { d: 0, i: 0, s: 0, c: 100 });
        assert_eq!((scores.dominant(), scores.secondary()), (Some(C), None));
        let nothing = Scores::from_answers(&[]);
        assert_eq!((nothing.dominant(), nothing.secondary()), (None, None));
    }

    #[test]
    fn letters_are_read_from_the_database_column() {
        assert_eq!(Letter::ALL.map(|letter| Letter::parse(&format!("{letter:?}"))), Letter::ALL.map(Some));
        assert_eq!(Letter::parse("X"), None);
    }
}
