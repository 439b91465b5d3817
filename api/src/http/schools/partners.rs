//! Partners and the schools they work with: `GET /api/api/partners` and
//! `POST /api/api/partners/{id}/add-school` / `remove-school`.
//!
//! A school asks to link a partner (a company's recruiter) to itself, and unlinks it; the link
//! holds once the partner accepts ([`crate::http::school_links`]). What it gives: the school keeps
//! the list of recruiters it works with (`linked`, or `link_requested` while the partner has not
//! answered), a partner sees which schools it is linked to (`schools` in its answer), and the
//! partner finds the school's candidates who let their school's recruiters find them. Listing shows names, role and company only, never an email: recruiters are reached
//! through the product, not by a list of addresses.
//!
//! `GET /api/api/partners` answers a school with the partners whose company name contains
//! `company` (all approved partners when absent, and the waiting ones it brought; at most 50,
//! linked ones first), and a partner with the
//! partners of its own company (its colleagues, itself included).

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use sqlx::types::Json as JsonColumn;

use crate::app::AppState;
use crate::auth::{CurrentUser, Role};
use crate::error::{Error, Result};
use crate::extract::{Json, Path, Query};
use crate::http::candidate_profile::NamedItem;
use crate::mail::{EmailKind, account_notice};

/// Partners one answer lists at most.
const MAX_PARTNERS: i64 = 50;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct PartnersQuery {
    /// Part of the company's name, without regard to case.
    company: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct PartnerView {
    id: i64,
    firstname: String,
    lastname: String,
    role: Option<String>,
    #[schema(value_type = NamedItem)]
    company: JsonColumn<NamedItem>,
    /// For a school: whether the partner accepted its link.
    linked: bool,
    /// For a school: whether it asked for a link the partner has not answered yet.
    link_requested: bool,
    /// The schools the partner is linked to (shown to the partner's own company only).
    #[schema(value_type = Vec<NamedItem>)]
    schools: JsonColumn<Vec<NamedItem>>,
}

#[utoipa::path(
    get, path = "/api/api/partners", params(PartnersQuery),
    responses((status = 200, body = Vec<PartnerView>))
)]
pub async fn list_partners(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(query): Query<PartnersQuery>,
) -> Result<Json<Vec<PartnerView>>> {
    let pattern = crate::db::contains_pattern(query.company.as_deref());
    let is_school = user.role == Role::School;
    let partners = sqlx::query_as(
        "select p.user_id as id, u.firstname, u.lastname, p.role,
                jsonb_build_object('id', c.id, 'name', c.name) as company,
                exists (select 1 from partner_schools l
                        where l.partner_id = p.user_id and l.school_id = $1 and l.accepted_at is not null) as linked,
                exists (select 1 from partner_schools l
                        where l.partner_id = p.user_id and l.school_id = $1 and l.accepted_at is null) as link_requested,
                case when $3 then '[]'::jsonb else coalesce((
                    select jsonb_agg(jsonb_build_object('id', s.user_id, 'name', s.name) order by s.name collate human_order)
                    from partner_schools l join schools s on s.user_id = l.school_id
                    where l.partner_id = p.user_id and l.accepted_at is not null), '[]'::jsonb) end as schools
         from partners p join users u on u.id = p.user_id join companies c on c.id = p.company_id
         where u.active
           and (u.standing = 'approved'
                or u.standing = 'pending' and exists (select 1 from partner_schools l
                                                      where l.partner_id = p.user_id and l.school_id = $1
                                                        and l.accepted_at is not null))
           and ($2::text is null or fold(c.name) like fold($2))
           and ($3 or p.company_id = (select company_id from partners where user_id = $1))
         order by linked desc, link_requested desc, c.name collate human_order, u.lastname collate human_order, u.firstname collate human_order
         limit $4",
    )
    .bind(user.id)
    .bind(pattern)
    .bind(is_school)
    .bind(MAX_PARTNERS)
    .fetch_all(&state.db)
    .await?;
    Ok(Json(partners))
}

async fn link(state: &AppState, school_id: i64, partner_id: i64, linked: bool) -> Result<StatusCode> {
    // an approved partner, or a waiting one the school brought (which it may unlink)
    let known: bool = sqlx::query_scalar(
        "select exists (select 1 from partners p join users u on u.id = p.user_id
                        where p.user_id = $1 and u.active
                          and (u.standing = 'approved'
                               or not $3 and exists (select 1 from partner_schools l
                                                     where l.partner_id = p.user_id and l.school_id = $2)))",
    )
    .bind(partner_id)
    .bind(school_id)
    .bind(linked)
    .fetch_one(&state.db)
    .await?;
    if !known {
        return Err(Error::NotFound);
    }
    let mut transaction = state.db.begin().await?;
    if linked {
        request_link(state, &mut transaction, school_id, partner_id).await?;
    } else {
        sqlx::query("delete from partner_schools where partner_id = $1 and school_id = $2")
            .bind(partner_id)
            .bind(school_id)
            .execute(&mut *transaction)
            .await?;
    }
    transaction.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Asks partner `partner_id` to work with school `school_id` and tells them by email, queued in
/// `connection`'s transaction. A link or a request that exists already is left as it is, and
/// the partner is not written to again.
pub(super) async fn request_link(
    state: &AppState,
    connection: &mut PgConnection,
    school_id: i64,
    partner_id: i64,
) -> Result<()> {
    let school: Option<String> = sqlx::query_scalar(
        "with asked as (insert into partner_schools (partner_id, school_id) values ($1, $2)
                        on conflict do nothing returning school_id)
         select s.name from asked join schools s on s.user_id = asked.school_id",
    )
    .bind(partner_id)
    .bind(school_id)
    .fetch_optional(&mut *connection)
    .await?;
    if let Some(school) = school {
        let email =
            account_notice(&mut *connection, &state.settings, EmailKind::SchoolLinkRequest, partner_id, Some(school))
                .await?;
        state.mailer.enqueue(&mut *connection, email).await.map_err(Error::Internal)?;
    }
    Ok(())
}

#[utoipa::path(
    post, path = "/api/api/partners/{id}/add-school",
    params(("id" = i64, Path, description = "the partner's id")),
    responses((status = 204, description = "the link is asked for: it holds once the partner accepts"))
)]
pub async fn add_partner_school(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(partner_id): Path<i64>,
) -> Result<StatusCode> {
    link(&state, user.id, partner_id, true).await
}

#[utoipa::path(
    post, path = "/api/api/partners/{id}/remove-school",
    params(("id" = i64, Path, description = "the partner's id")),
    responses((status = 204, description = "the partner is no longer linked to the calling school"))
)]
pub async fn remove_partner_school(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(partner_id): Path<i64>,
) -> Result<StatusCode> {
    link(&state, user.id, partner_id, false).await
}
