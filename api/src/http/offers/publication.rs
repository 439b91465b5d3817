//! Publishing and closing an offer: `POST /api/api/job/offers/{id}/publication` (a draft or a
//! closed offer goes live, optionally with a new closing date) and `POST …/{id}/closure`. Both
//! answer the offer as its partner reads it, and both are idempotent.
//!
//! Going live tells the candidates it fits: the engine runs the offer's criteria as a search
//! over every candidate looking for a job ([`crate::job_offers::fitting_candidates`]) and each
//! match is written, in the publishing transaction, for the candidate's daily digest. An offer
//! published again later tells only the candidates it had not told.

use axum::extract::State;
use chrono::NaiveDate;
use serde::Deserialize;
use sqlx::PgConnection;
use utoipa_axum::routes;

use super::{OfferView, closing_date, own_offer_view};
use crate::app::AppState;
use crate::auth::{CurrentUser, Role};
use crate::error::{Error, Result};
use crate::extract::{Json, Path};
use crate::http::locale::Locale;
use crate::http::routes::{Access, RouteTable};
use crate::job_offers;
use crate::validation::Checks;

pub fn routes(table: &mut RouteTable) {
    let partner = Access::Vetted(Role::Partner);
    table.add(partner, routes!(publish_offer));
    table.add(partner, routes!(close_offer));
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct OfferPublication {
    /// A new closing date, `YYYY-MM-DD`, today or later (absent: the offer's own, if any).
    closes_on: Option<String>,
}

/// Makes offer `id` live in `connection`'s transaction (it must be the partner's: the caller
/// checked) and writes the candidates it fits for their digest, unless it was live already.
pub(super) async fn publish(state: &AppState, connection: &mut PgConnection, id: i64) -> Result<()> {
    let went_live: Option<i64> = sqlx::query_scalar(
        "update job_offers set status = 'published', published_at = coalesce(published_at, now()), updated_at = now()
         where id = $1 and status <> 'published' returning id",
    )
    .bind(id)
    .fetch_optional(&mut *connection)
    .await?;
    if went_live.is_none() {
        return Ok(());
    }
    let criteria = job_offers::offer_criteria(&mut *connection, id).await?.ok_or(Error::NotFound)?;
    let fitting = job_offers::fitting_candidates(&state.db, &state.engine, &criteria).await?;
    let (candidates, scores): (Vec<i64>, Vec<f32>) =
        fitting.iter().map(|hit| (hit.candidate_id, hit.score as f32)).unzip();
    sqlx::query(
        "insert into job_offer_matches (job_offer_id, candidate_id, score)
         select $1, m.candidate_id, m.score from unnest($2::bigint[], $3::real[]) as m(candidate_id, score)
         join candidates c on c.user_id = m.candidate_id
         on conflict do nothing",
    )
    .bind(id)
    .bind(&candidates)
    .bind(&scores)
    .execute(&mut *connection)
    .await?;
    tracing::info!(offer = id, candidates = candidates.len(), "offer published");
    Ok(())
}

#[utoipa::path(
    post, path = "/api/api/job/offers/{id}/publication", params(("id" = i64, Path)),
    request_body = OfferPublication,
    responses(
        (status = 200, body = OfferView, description = "live (already live: only the closing date changes)"),
        (status = 404, body = crate::error::ErrorBody, description = "not one of the partner's offers"),
    )
)]
pub async fn publish_offer(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
    Path(id): Path<i64>,
    Json(request): Json<OfferPublication>,
) -> Result<Json<OfferView>> {
    let mut checks = Checks::new();
    let closes_on: Option<NaiveDate> = closing_date(&mut checks, request.closes_on.as_deref());
    checks.finish()?;
    let mut transaction = state.db.begin().await?;
    let own: Option<i64> = sqlx::query_scalar("select id from job_offers where id = $1 and partner_id = $2 for update")
        .bind(id)
        .bind(user.id)
        .fetch_optional(&mut *transaction)
        .await?;
    own.ok_or(Error::NotFound)?;
    if let Some(closes_on) = closes_on {
        sqlx::query("update job_offers set closes_on = $2, updated_at = now() where id = $1")
            .bind(id)
            .bind(closes_on)
            .execute(&mut *transaction)
            .await?;
    }
    publish(&state, &mut transaction, id).await?;
    transaction.commit().await?;
    own_offer_view(&state, &user, locale, id).await.map(Json)
}

#[utoipa::path(
    post, path = "/api/api/job/offers/{id}/closure", params(("id" = i64, Path)),
    responses(
        (status = 200, body = OfferView, description = "closed: candidates no longer see it or apply; applicants keep their applications"),
        (status = 404, body = crate::error::ErrorBody, description = "not one of the partner's offers"),
    )
)]
pub async fn close_offer(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
    Path(id): Path<i64>,
) -> Result<Json<OfferView>> {
    let closed: Option<i64> = sqlx::query_scalar(
        "update job_offers set status = 'closed', updated_at = now() where id = $1 and partner_id = $2 returning id",
    )
    .bind(id)
    .bind(user.id)
    .fetch_optional(&state.db)
    .await?;
    closed.ok_or(Error::NotFound)?;
    own_offer_view(&state, &user, locale, id).await.map(Json)
}
