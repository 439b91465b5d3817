//! `GET /api/api/softskills/percentages`: the soft-skill profile of the whole candidate pool,
//! the share of each family among all soft skills candidates chose, so that a candidate (or a
//! partner) can compare one profile with the pool. The spec lists the call among the reference
//! lists without saying what it holds; a pool-wide reference is what fits there.
//!
//! It aggregates every candidate's choices, which is too much work for every call with a
//! million candidates: the answer is computed at most once every ten minutes per server.

use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use utoipa_axum::routes;

use super::locale::Locale;
use super::reference_lists::cacheable_json;
use super::routes::{Access, RouteTable};
use crate::app::AppState;
use crate::error::Result;

const FRESH_FOR: Duration = Duration::from_secs(600);

pub fn routes(table: &mut RouteTable) {
    table.add(Access::Public, routes!(get_soft_skill_percentages));
}

#[utoipa::path(
    get, path = "/api/api/softskills/percentages",
    responses((status = 200, description = "`[{id, name, icon, percentage}]`: each family's share (0-100) of all soft skills chosen by candidates"))
)]
pub async fn get_soft_skill_percentages(
    State(state): State<AppState>,
    locale: Locale,
    headers: HeaderMap,
) -> Result<Response> {
    let cached = state
        .pool_soft_skill_shares
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .as_ref()
        .filter(|(computed_at, _)| computed_at.elapsed() < FRESH_FOR)
        .map(|(_, shares)| shares.clone());
    let shares = match cached {
        Some(shares) => shares,
        None => {
            let shares: serde_json::Value = sqlx::query_scalar(
                "with picks as (
                    select k.soft_skill_category_id as id, count(*) as picks from (
                        select soft_skill_id from education_soft_skills union all
                        select soft_skill_id from experience_soft_skills union all
                        select soft_skill_id from project_soft_skills union all
                        select soft_skill_id from candidate_hobby_soft_skills
                    ) chosen join soft_skills k on k.id = chosen.soft_skill_id
                    group by k.soft_skill_category_id
                 ),
                 total as (select greatest(coalesce(sum(picks), 0), 1) as picks from picks)
                 select coalesce(jsonb_object_agg(c.id, round(100.0 * coalesce(p.picks, 0) / total.picks, 1)), '{}')
                 from soft_skill_categories c left join picks p on p.id = c.id cross join total",
            )
            .fetch_one(&state.db)
            .await?;
            *state.pool_soft_skill_shares.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) =
                Some((Instant::now(), shares.clone()));
            shares
        }
    };
    let families: serde_json::Value = sqlx::query_scalar(
        "select coalesce(jsonb_agg(jsonb_build_object('id', id, 'code', code, 'icon', icon,
                    'name', label($1, label_fr, label_en), 'percentage', coalesce(($2::jsonb ->> id::text)::numeric, 0))
                 order by id), '[]')
         from soft_skill_categories",
    )
    .bind(locale.code())
    .bind(&shares)
    .fetch_one(&state.db)
    .await?;
    Ok(cacheable_json(&headers, families.to_string()))
}
