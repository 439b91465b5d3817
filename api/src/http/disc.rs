//! The DISC personality test over HTTP: `GET /api/api/test/questions` (the questionnaire in the
//! caller's language), `GET`, `POST` and `PATCH /api/api/test/forms/discs` (the candidate's own
//! answers and result, taking or retaking the test, and the choice to show the result on the
//! public profile), and `GET /api/api/candidates/{slug}/discs` (a candidate's result for the
//! readers of their profile). Scoring is [`crate::disc`].
//!
//! One result per candidate: retaking the test replaces its answers and scores, the result
//! keeping the date of the first test (`first_taken_at`) beside that of the latest one
//! (`taken_at`). The questionnaire's answers are checked on the server: every group answered
//! once, each answer from its own group (422 otherwise, with the rule codes of `codes.rs`).
//!
//! Who reads a result: the candidate always; anyone who may read the profile
//! (`candidates::authorize_read`) only when the candidate chose to show it (`show_disc`, off by
//! default). A result not shown and no result at all are the same `null` (an ordinary answer: a
//! public profile without DISC is not an error), so a reader cannot tell whether the candidate
//! took the test; a profile the caller may not read is a 404.
//!
//! Fairness: the result informs the candidate, and the readers of their profile if they choose;
//! it is never a sourcing criterion nor a ranking input, and never reaches the matcher.

use std::collections::HashMap;

use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::types::Json as JsonColumn;
use utoipa_axum::routes;

use super::candidates::{Reader, authorize_read};
use super::locale::Locale;
use super::routes::{Access, RouteTable};
use crate::app::AppState;
use crate::auth::{CurrentUser, Role};
use crate::disc::{Letter, Scores};
use crate::error::{Error, Result, RuleCode};
use crate::extract::{Json, Path};
use crate::validation::Checks;

pub fn routes(table: &mut RouteTable) {
    table.add(Access::Only(Role::Candidate), routes!(get_test_questions));
    table.add(Access::Only(Role::Candidate), routes!(get_disc_form));
    table.add(Access::Only(Role::Candidate), routes!(submit_disc_form));
    table.add(Access::Only(Role::Candidate), routes!(update_disc_visibility));
    table.add(Access::PublicWithSession, routes!(get_candidate_discs));
}

/// One answer of a question group.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TestAnswerView {
    id: i16,
    about: String,
    /// The DISC style this answer counts for.
    letter: Letter,
}

/// A question group: pick the one answer most like you.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TestQuestionView {
    id: i16,
    /// 1 to 24, the order the questionnaire follows.
    position: i16,
    about: String,
    /// The answer the candidate chose in their saved result, if any.
    value: Option<i16>,
    answers: Vec<TestAnswerView>,
}

#[derive(sqlx::FromRow)]
struct QuestionRow {
    id: i16,
    position: i16,
    about: String,
    value: Option<i16>,
    answers: JsonColumn<Vec<TestAnswerView>>,
}

/// The answer picked in one question group.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct DiscChoice {
    /// The question group's id.
    question: i16,
    /// The id of the answer picked, one of that group's.
    answer: i16,
}

/// A DISC result: each style's percentage, the dominant and secondary styles and when it was taken.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DiscResultView {
    scores: Scores,
    dominant: Option<Letter>,
    /// The second style, when any group picked it.
    secondary: Option<Letter>,
    /// When the test was last taken.
    taken_at: DateTime<Utc>,
    /// When the test was first taken (retaking keeps it).
    first_taken_at: DateTime<Utc>,
}

/// The candidate's own test: their answers, their result and whether their profile shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DiscFormView {
    /// Empty until the test is taken.
    answers: Vec<DiscChoice>,
    result: Option<DiscResultView>,
    /// Whether readers of the public profile see the result.
    show_disc: bool,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct DiscFormRequest {
    /// One choice per question group, in any order.
    #[serde(default)]
    answers: Vec<DiscChoice>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct DiscVisibilityRequest {
    show_disc: bool,
}

#[derive(sqlx::FromRow)]
struct ResultRow {
    score_d: i16,
    score_i: i16,
    score_s: i16,
    score_c: i16,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl From<ResultRow> for DiscResultView {
    fn from(row: ResultRow) -> Self {
        let scores = Scores { d: row.score_d, i: row.score_i, s: row.score_s, c: row.score_c };
        DiscResultView {
            scores,
            dominant: scores.dominant(),
            secondary: scores.secondary(),
            taken_at: row.updated_at,
            first_taken_at: row.created_at,
        }
    }
}

const RESULT_SELECT: &str =
    "select score_d, score_i, score_s, score_c, created_at, updated_at from disc_results where candidate_id = $1";

#[utoipa::path(
    get, path = "/api/api/test/questions",
    responses((status = 200, body = Vec<TestQuestionView>, description = "the question groups in order, in the caller's language"))
)]
pub async fn get_test_questions(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
) -> Result<Json<Vec<TestQuestionView>>> {
    let rows: Vec<QuestionRow> = sqlx::query_as(
        "select q.id, q.position,
                case when $1 = 'en' then q.about_en else q.about_fr end as about,
                (select r.disc_answer_id from disc_result_answers r
                 join disc_results d on d.id = r.disc_result_id
                 where d.candidate_id = $2 and r.disc_question_id = q.id) as value,
                json_agg(json_build_object(
                    'id', a.id,
                    'about', case when $1 = 'en' then a.about_en else a.about_fr end,
                    'letter', a.letter) order by a.id) as answers
         from disc_questions q join disc_answers a on a.disc_question_id = q.id
         group by q.id order by q.position",
    )
    .bind(locale.code())
    .bind(user.id)
    .fetch_all(&state.db)
    .await?;
    Ok(Json(
        rows.into_iter()
            .map(|row| TestQuestionView {
                id: row.id,
                position: row.position,
                about: row.about,
                value: row.value,
                answers: row.answers.0,
            })
            .collect(),
    ))
}

/// The candidate's test as [`DiscFormView`] says.
async fn disc_form(db: &sqlx::PgPool, candidate_id: i64) -> Result<DiscFormView> {
    let result: Option<ResultRow> = sqlx::query_as(RESULT_SELECT).bind(candidate_id).fetch_optional(db).await?;
    let answers: Vec<DiscChoice> = sqlx::query_as(
        "select r.disc_question_id as question, r.disc_answer_id as answer
         from disc_result_answers r join disc_results d on d.id = r.disc_result_id
         where d.candidate_id = $1 order by r.disc_question_id",
    )
    .bind(candidate_id)
    .fetch_all(db)
    .await?;
    let show_disc: bool = sqlx::query_scalar("select show_disc from candidates where user_id = $1")
        .bind(candidate_id)
        .fetch_optional(db)
        .await?
        .ok_or(Error::NotFound)?;
    Ok(DiscFormView { answers, result: result.map(DiscResultView::from), show_disc })
}

#[utoipa::path(
    get, path = "/api/api/test/forms/discs",
    responses((status = 200, body = DiscFormView, description = "the candidate's answers and result (none before the first test)"))
)]
pub async fn get_disc_form(State(state): State<AppState>, user: CurrentUser) -> Result<Json<DiscFormView>> {
    Ok(Json(disc_form(&state.db, user.id).await?))
}

/// The letter of each answer picked, once `choices` pass the questionnaire's rules: every
/// group of `groups` (question id to its answers' ids and letters) answered once, from its own answers.
fn check_choices(
    checks: &mut Checks,
    groups: &HashMap<i16, Vec<(i16, Letter)>>,
    choices: &[DiscChoice],
) -> Vec<Letter> {
    let mut answered: HashMap<i16, Letter> = HashMap::new();
    for choice in choices {
        let Some(answers) = groups.get(&choice.question) else {
            checks.fail("answers", RuleCode::Unknown);
            continue;
        };
        let Some((_, letter)) = answers.iter().find(|(id, _)| *id == choice.answer) else {
            checks.fail("answers", RuleCode::DiscAnswerNotInGroup);
            continue;
        };
        if answered.insert(choice.question, *letter).is_some() {
            checks.fail("answers", RuleCode::DiscGroupAnsweredTwice);
        }
    }
    if groups.keys().any(|question| !answered.contains_key(question)) {
        checks.fail("answers", RuleCode::DiscGroupUnanswered);
    }
    answered.into_values().collect()
}

#[utoipa::path(
    post, path = "/api/api/test/forms/discs", request_body = DiscFormRequest,
    responses(
        (status = 200, body = DiscFormView, description = "the new result; a retake replaces the previous one"),
        (status = 422, body = crate::error::ErrorBody,
         description = "answers: disc_group_unanswered, disc_group_answered_twice, disc_answer_not_in_group, unknown"),
    )
)]
pub async fn submit_disc_form(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<DiscFormRequest>,
) -> Result<Json<DiscFormView>> {
    let rows: Vec<(i16, i16, String)> =
        sqlx::query_as("select disc_question_id, id, letter from disc_answers").fetch_all(&state.db).await?;
    let mut groups: HashMap<i16, Vec<(i16, Letter)>> = HashMap::new();
    for (question, answer, letter) in rows {
        let letter = Letter::parse(&letter)
            .ok_or_else(|| Error::Internal(anyhow::anyhow!("DISC answer {answer} has no DISC letter")))?;
        groups.entry(question).or_default().push((answer, letter));
    }
    let mut checks = Checks::new();
    let letters = check_choices(&mut checks, &groups, &request.answers);
    checks.finish()?;
    let scores = Scores::from_answers(&letters);
    let (questions, answers): (Vec<i16>, Vec<i16>) =
        request.answers.iter().map(|choice| (choice.question, choice.answer)).unzip();
    let mut transaction = state.db.begin().await?;
    let result_id: i64 = sqlx::query_scalar(
        "insert into disc_results (candidate_id, score_d, score_i, score_s, score_c) values ($1, $2, $3, $4, $5)
         on conflict (candidate_id) do update
         set score_d = excluded.score_d, score_i = excluded.score_i, score_s = excluded.score_s,
             score_c = excluded.score_c, updated_at = now()
         returning id",
    )
    .bind(user.id)
    .bind(scores.d)
    .bind(scores.i)
    .bind(scores.s)
    .bind(scores.c)
    .fetch_one(&mut *transaction)
    .await?;
    sqlx::query("delete from disc_result_answers where disc_result_id = $1")
        .bind(result_id)
        .execute(&mut *transaction)
        .await?;
    sqlx::query(
        "insert into disc_result_answers (disc_result_id, disc_question_id, disc_answer_id)
         select $1, unnest($2::smallint[]), unnest($3::smallint[])",
    )
    .bind(result_id)
    .bind(&questions)
    .bind(&answers)
    .execute(&mut *transaction)
    .await?;
    transaction.commit().await?;
    Ok(Json(disc_form(&state.db, user.id).await?))
}

#[utoipa::path(
    patch, path = "/api/api/test/forms/discs", request_body = DiscVisibilityRequest,
    responses((status = 200, body = DiscFormView, description = "the test with the new choice"))
)]
pub async fn update_disc_visibility(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<DiscVisibilityRequest>,
) -> Result<Json<DiscFormView>> {
    sqlx::query("update candidates set show_disc = $2, updated_at = now() where user_id = $1 and show_disc <> $2")
        .bind(user.id)
        .bind(request.show_disc)
        .execute(&state.db)
        .await?;
    Ok(Json(disc_form(&state.db, user.id).await?))
}

#[utoipa::path(
    get, path = "/api/api/candidates/{id_or_slug}/discs",
    params(("id_or_slug" = String, Path, description = "the candidate's id or slug")),
    responses(
        (status = 200, body = Option<DiscResultView>,
         description = "the result, or null when there is none or the candidate does not show it"),
        (status = 404, body = crate::error::ErrorBody, description = "no such candidate, or a profile the caller may not read"),
    )
)]
pub async fn get_candidate_discs(
    State(state): State<AppState>,
    caller: Option<CurrentUser>,
    Path(id_or_slug): Path<String>,
) -> Result<Json<Option<DiscResultView>>> {
    let (candidate_id, reader) = authorize_read(&state.db, caller, &id_or_slug).await?;
    let shown = reader == Reader::Owner
        || sqlx::query_scalar("select show_disc from candidates where user_id = $1")
            .bind(candidate_id)
            .fetch_one(&state.db)
            .await?;
    if !shown {
        return Ok(Json(None));
    }
    let result: Option<ResultRow> = sqlx::query_as(RESULT_SELECT).bind(candidate_id).fetch_optional(&state.db).await?;
    Ok(Json(result.map(Into::into)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn groups() -> HashMap<i16, Vec<(i16, Letter)>> {
        HashMap::from([
            (1, vec![(1, Letter::D), (2, Letter::I), (3, Letter::S), (4, Letter::C)]),
            (2, vec![(5, Letter::I), (6, Letter::S), (7, Letter::C), (8, Letter::D)]),
        ])
    }

    fn rules(choices: &[(i16, i16)]) -> Vec<RuleCode> {
        let choices: Vec<DiscChoice> =
            choices.iter().map(|&(question, answer)| DiscChoice { question, answer }).collect();
        let mut checks = Checks::new();
        check_choices(&mut checks, &groups(), &choices);
        match checks.finish() {
            Ok(()) => Vec::new(),
            Err(Error::Validation(errors)) => errors["answers"].clone(),
            Err(other) => panic!("{other:?}"),
        }
    }

    #[test]
    fn every_group_answered_once_from_its_own_answers_passes() {
        assert_eq!(rules(&[(1, 3), (2, 8)]), vec![]);
        let mut checks = Checks::new();
        let mut letters = check_choices(
            &mut checks,
            &groups(),
            &[DiscChoice { question: 2, answer: 8 }, DiscChoice { question: 1, answer: 3 }],
        );
        letters.sort_by_key(|letter| Letter::ALL.iter().position(|known| known == letter));
        assert_eq!(letters, vec![Letter::D, Letter::S]);
    }

    #[test]
    fn each_broken_rule_has_its_code() {
        assert_eq!(rules(&[(1, 3)]), vec![RuleCode::DiscGroupUnanswered]);
        assert_eq!(rules(&[(1, 3), (1, 4), (2, 5)]), vec![RuleCode::DiscGroupAnsweredTwice]);
        assert_eq!(rules(&[(1, 5), (2, 5)]), vec![RuleCode::DiscAnswerNotInGroup, RuleCode::DiscGroupUnanswered]);
        assert_eq!(rules(&[(1, 1), (2, 5), (9, 1)]), vec![RuleCode::Unknown]);
        assert_eq!(rules(&[]), vec![RuleCode::DiscGroupUnanswered]);
    }
}
