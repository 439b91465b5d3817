//! The requests a candidate received, each with how the candidate fits the offer it is about:
//! the score and the per-criterion explanation the offers pages give, so that the candidate
//! weighs the request with the same reasons a recruiter found them with.

use std::collections::HashMap;

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use super::ContactRequestView;
use super::requests::list;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::Result;
use crate::extract::Json;
use crate::http::sourcing::results::{Explanation, explain_without_keywords, rounded_score};
use crate::job_offers::{fit, looking_document, offer_query_of};
use crate::locale::Locale;

/// A request as its candidate reads it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ReceivedContactRequest<'a> {
    #[serde(flatten)]
    request: ContactRequestView,
    /// 0 to 100: how the candidate fits the offer the request is about; null without an offer,
    /// or when the candidate does not fit its criteria (or does not look for a job).
    offer_score: Option<f64>,
    /// Why, criterion by criterion; null with `offer_score`.
    offer_breakdown: Option<Explanation<'a>>,
    /// The offer's place, which the explanation's distances are measured to.
    offer_place: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ReceivedContactRequests<'a> {
    requests: Vec<ReceivedContactRequest<'a>>,
}

#[utoipa::path(
    get, path = "/api/api/candidates/contact-requests",
    responses((status = 200, body = ReceivedContactRequests, description = "the requests the candidate received, newest first (at most 200), with their fit to the offer each is about"))
)]
pub async fn list_received_requests(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
) -> Result<Response> {
    let requests = list(&state, &user).await?;
    let mut offer_ids: Vec<i64> = requests.iter().filter_map(|request| request.offer_id).collect();
    offer_ids.sort_unstable();
    offer_ids.dedup();
    let places: HashMap<i64, String> = sqlx::query_as(
        "select o.id, l.value from job_offers o join localizations l on l.id = o.localization_id where o.id = any($1)",
    )
    .bind(&offer_ids)
    .fetch_all(&state.db)
    .await?
    .into_iter()
    .collect();
    // the candidate's document is read once, and only when some request is about an offer
    let doc = if offer_ids.is_empty() { None } else { looking_document(&state.db, &state.engine, user.id).await? };
    let mut fits = HashMap::new();
    for &offer_id in &offer_ids {
        let query = match &doc {
            Some(_) => offer_query_of(&state.db, offer_id).await?,
            None => None,
        };
        fits.insert(offer_id, doc.as_ref().zip(query).and_then(|(doc, query)| fit(doc, &query)));
    }
    let reference = state.reference_lists().await?;
    let requests = requests
        .into_iter()
        .map(|request| {
            let hit = request.offer_id.and_then(|offer_id| fits.get(&offer_id)).and_then(Option::as_ref);
            ReceivedContactRequest {
                offer_place: request.offer_id.and_then(|offer_id| places.get(&offer_id).cloned()),
                offer_score: hit.map(|hit| rounded_score(hit.score)),
                offer_breakdown: hit.map(|hit| explain_without_keywords(reference, locale, &hit.breakdown)),
                request,
            }
        })
        .collect();
    Ok(Json(ReceivedContactRequests { requests }).into_response())
}
