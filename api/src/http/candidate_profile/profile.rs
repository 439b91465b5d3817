//! `POST /api/api/candidates/{id}`: the candidate updates their profile from one of the screens
//! of their dashboard, which `from` names; each screen's fields are checked and stored together,
//! the others are left alone:
//! - `profile` (the "profil" screen): firstname, lastname, phone, birthdate and home place are
//!   required (spec section 5, base user); headline optional (absent or blank clears it);
//! - `job_search` (the "ma-recherche" screen): see [`super::job_search`];
//!
//! Studies (entry year, campus, program) go through `PATCH /api/api/candidates` as spec section 7
//! says: see [`super::studies`].
//!
//! `degree`, `type` and `profile_picture` (an upload id of the caller's) may come from any screen:
//! absent keeps them, `null` clears them. `{id}` must be the caller's own id: any other is a 404,
//! as for another candidate's record. The answer is the whole profile as
//! `GET /api/api/candidates/{id}` gives it, with its new completion.

use axum::extract::State;
use serde::{Deserialize, Deserializer};
use uuid::Uuid;

use super::super::candidates::{CandidateProfileResponse, read_profile};
use super::super::locale::Locale;
use super::completion;
use super::job_search::JobSearchInput;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::{Result, RuleCode};
use crate::extract::{Json, Path};
use crate::job_criteria::{List, ReferenceLists, known_ids};
use crate::places::{LocalizationInput, Place};
use crate::validation::Checks;

/// A field that may be absent (`None`: keep), `null` (`Some(None)`: clear) or set.
pub(super) fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(deserializer).map(Some)
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ProfileUpdateRequest {
    /// The screen that sent the form: `profile` or `job_search`.
    from: Option<String>,
    /// A degree's id (absent: unchanged; null: none).
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i16>)]
    degree: Option<Option<i16>>,
    /// A candidate type's id (absent: unchanged; null: none).
    #[serde(default, rename = "type", deserialize_with = "present")]
    #[schema(value_type = Option<i16>)]
    candidate_type: Option<Option<i16>>,
    /// An upload id of the caller's (absent: unchanged; null: none).
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<Uuid>)]
    profile_picture: Option<Option<Uuid>>,
    #[serde(flatten)]
    identity: IdentityInput,
    #[serde(flatten)]
    job_search: JobSearchInput,
}

/// The "profil" screen's own fields.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct IdentityInput {
    /// Required from the profile screen, as the other fields but the headline.
    #[schema(max_length = 100)]
    firstname: Option<String>,
    #[schema(max_length = 100)]
    lastname: Option<String>,
    #[schema(format = "phone", max_length = 30)]
    phone: Option<String>,
    /// Someone 15 to 120 years old.
    #[schema(value_type = Option<String>, format = Date)]
    birthdate: Option<String>,
    /// Where the candidate lives.
    localization: Option<LocalizationInput>,
    /// One line under the name.
    #[schema(max_length = 200)]
    headline: Option<String>,
}

#[utoipa::path(
    post, path = "/api/api/candidates/{id_or_slug}", request_body = ProfileUpdateRequest,
    params(("id_or_slug" = String, Path, description = "the caller's own id")),
    responses(
        (status = 200, body = CandidateProfileResponse, description = "the profile after the update"),
        (status = 404, body = crate::error::ErrorBody, description = "not the caller's id"),
        (status = 422, body = crate::error::ErrorBody, description = "the fields and the rules they broke"),
    )
)]
pub async fn update_candidate(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
    Path(id_or_slug): Path<String>,
    Json(request): Json<ProfileUpdateRequest>,
) -> Result<Json<CandidateProfileResponse>> {
    user.require_own_id(&id_or_slug)?;
    let reference = state.reference_lists().await?;
    let mut checks = Checks::new();
    let screen = match request.from.as_deref() {
        Some(screen @ ("profile" | "job_search")) => screen,
        None => {
            checks.fail("from", RuleCode::Required);
            ""
        }
        Some(_) => {
            checks.fail("from", RuleCode::Invalid);
            ""
        }
    };
    let shared = check_shared(&state, user, reference, &request, &mut checks).await?;
    let identity = (screen == "profile").then(|| check_identity(&request.identity, &mut checks));
    let job_search = (screen == "job_search").then(|| request.job_search.check(reference, &mut checks));
    checks.finish()?;

    let mut transaction = state.db.begin().await?;
    store_shared(&mut transaction, user.id, &shared).await?;
    if let Some(identity) = identity {
        store_identity(&mut transaction, user.id, identity).await?;
    }
    if let Some(job_search) = job_search {
        job_search.store(&mut transaction, user.id).await?;
    }
    completion::refresh(&mut transaction, user.id).await?;
    transaction.commit().await?;
    read_profile(&state, Some(user), locale, &user.id.to_string()).await
}

/// The fields any screen may send, checked: `None` keeps the stored value.
struct SharedFields {
    degree: Option<Option<i16>>,
    candidate_type: Option<Option<i16>>,
    profile_picture: Option<Option<Uuid>>,
}

async fn check_shared(
    state: &AppState,
    user: CurrentUser,
    reference: &ReferenceLists,
    request: &ProfileUpdateRequest,
    checks: &mut Checks,
) -> Result<SharedFields> {
    if let Some(Some(degree)) = request.degree {
        known_ids(checks, reference, List::DegreesById, "degree", &[degree]);
    }
    if let Some(Some(candidate_type)) = request.candidate_type {
        known_ids(checks, reference, List::CandidateTypes, "type", &[candidate_type]);
    }
    if let Some(Some(upload)) = request.profile_picture {
        let owned: bool = sqlx::query_scalar(
            "select exists (select 1 from uploads where id = $1 and owner_user_id = $2 and content_type like 'image/%')",
        )
        .bind(upload)
        .bind(user.id)
        .fetch_one(&state.db)
        .await?;
        if !owned {
            checks.fail("profile_picture", RuleCode::Unknown);
        }
    }
    Ok(SharedFields {
        degree: request.degree,
        candidate_type: request.candidate_type,
        profile_picture: request.profile_picture,
    })
}

async fn store_shared(connection: &mut sqlx::PgConnection, candidate_id: i64, shared: &SharedFields) -> Result<()> {
    sqlx::query(
        "update candidates set degree_id = case when $2 then $3 else degree_id end,
                               candidate_type_id = case when $4 then $5 else candidate_type_id end
         where user_id = $1 and ($2 or $4)",
    )
    .bind(candidate_id)
    .bind(shared.degree.is_some())
    .bind(shared.degree.flatten())
    .bind(shared.candidate_type.is_some())
    .bind(shared.candidate_type.flatten())
    .execute(&mut *connection)
    .await?;
    if let Some(picture) = shared.profile_picture {
        sqlx::query("update users set profile_picture_id = $2, updated_at = now() where id = $1")
            .bind(candidate_id)
            .bind(picture)
            .execute(&mut *connection)
            .await?;
    }
    Ok(())
}

struct Identity {
    firstname: String,
    lastname: String,
    phone: Option<String>,
    birthdate: Option<chrono::NaiveDate>,
    localization: Option<Place>,
    headline: Option<String>,
}

fn check_identity(input: &IdentityInput, checks: &mut Checks) -> Identity {
    Identity {
        firstname: checks.text("firstname", input.firstname.as_deref(), 100),
        lastname: checks.text("lastname", input.lastname.as_deref(), 100),
        phone: checks.phone("phone", input.phone.as_deref(), true),
        birthdate: checks.birthdate("birthdate", input.birthdate.as_deref()),
        localization: Place::resolve(input.localization.as_ref(), "localization", checks),
        headline: checks.optional_text("headline", input.headline.as_deref(), 200),
    }
}

async fn store_identity(connection: &mut sqlx::PgConnection, candidate_id: i64, identity: Identity) -> Result<()> {
    let localization_id = match &identity.localization {
        Some(place) => Some(place.insert(&mut *connection).await?),
        None => None,
    };
    let previous: Option<i64> = sqlx::query_scalar(
        "update users u set firstname = $2, lastname = $3, phone = $4, birthdate = $5, localization_id = $6,
                            updated_at = now()
         from users old where u.id = $1 and old.id = u.id
         returning old.localization_id",
    )
    .bind(candidate_id)
    .bind(&identity.firstname)
    .bind(&identity.lastname)
    .bind(&identity.phone)
    .bind(identity.birthdate)
    .bind(localization_id)
    .fetch_one(&mut *connection)
    .await?;
    // the home place belonged to the user alone
    sqlx::query("delete from localizations where id = $1").bind(previous).execute(&mut *connection).await?;
    sqlx::query("update candidates set headline = $2 where user_id = $1")
        .bind(candidate_id)
        .bind(&identity.headline)
        .execute(&mut *connection)
        .await?;
    Ok(())
}
