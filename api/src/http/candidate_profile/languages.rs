//! `POST /api/api/candidates/{id}/languages`: the candidate's languages, each with a level from 1
//! (A1) to 6 (C2), 3 when none is given (spec section 9). The list sent replaces the stored one;
//! a language given twice keeps its first level. `{id}` must be the caller's own id (404
//! otherwise). The answer is the whole profile, with its new completion.

use axum::extract::State;
use serde::Deserialize;

use super::super::candidates::{CandidateProfileResponse, read_profile};
use super::super::locale::Locale;
use super::completion;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::Result;
use crate::extract::{Json, Path};
use crate::job_criteria::{LanguageInput, check_languages};
use crate::validation::Checks;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct LanguagesUpdateRequest {
    #[serde(default)]
    languages: Vec<LanguageInput>,
}

#[utoipa::path(
    post, path = "/api/api/candidates/{id_or_slug}/languages", request_body = LanguagesUpdateRequest,
    params(("id_or_slug" = String, Path, description = "the caller's own id")),
    responses(
        (status = 200, body = CandidateProfileResponse, description = "the profile after the update"),
        (status = 404, body = crate::error::ErrorBody, description = "not the caller's id"),
        (status = 422, body = crate::error::ErrorBody, description = "languages: required, out_of_range, unknown"),
    )
)]
pub async fn update_candidate_languages(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
    Path(id_or_slug): Path<String>,
    Json(request): Json<LanguagesUpdateRequest>,
) -> Result<Json<CandidateProfileResponse>> {
    user.require_own_id(&id_or_slug)?;
    let reference = state.reference_lists().await?;
    let mut checks = Checks::new();
    let languages = check_languages(&mut checks, reference, &request.languages);
    checks.finish()?;
    let (ids, levels): (Vec<i16>, Vec<i16>) = languages.iter().map(|language| (language.id, language.level)).unzip();
    let mut transaction = state.db.begin().await?;
    sqlx::query("delete from candidate_languages where candidate_id = $1 and not (language_id = any($2))")
        .bind(user.id)
        .bind(&ids)
        .execute(&mut *transaction)
        .await?;
    sqlx::query(
        "insert into candidate_languages (candidate_id, language_id, level)
         select $1, unnest($2::smallint[]), unnest($3::smallint[])
         on conflict (candidate_id, language_id) do update set level = excluded.level, updated_at = now()
         where candidate_languages.level <> excluded.level",
    )
    .bind(user.id)
    .bind(&ids)
    .bind(&levels)
    .execute(&mut *transaction)
    .await?;
    completion::refresh(&mut transaction, user.id).await?;
    transaction.commit().await?;
    read_profile(&state, Some(user), locale, &user.id.to_string()).await
}
