//! Accounts as operators see them: `GET /api/api/admin/accounts` (the approval queue is its
//! `standing=pending` view, oldest first), `PUT /api/api/admin/accounts/{id}/standing` and a
//! partner's daily quotas, `PUT /api/api/admin/accounts/{id}/quotas`.

use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::account_standing;
use crate::app::AppState;
use crate::audit::{AuditAction, AuditEvent};
use crate::auth::{AccountStanding, CurrentUser, Role};
use crate::error::{Error, Result, RuleCode};
use crate::extract::{Json, Path, Query};
use crate::http::paging::{PageQuery, Paging};
use crate::quotas::{DEFAULT_DAILY_PROFILE_OPENS, DEFAULT_DAILY_SEARCHES};
use crate::validation::Checks;
use sqlx::AssertSqlSafe;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct AccountsQuery {
    /// Only the accounts that stand there.
    standing: Option<AccountStanding>,
    /// Only the accounts of this role.
    role: Option<Role>,
    /// Part of the name, email or organisation; accents and case aside.
    #[param(max_length = 200)]
    q: Option<String>,
    /// Page number, from 1.
    #[param(minimum = 1)]
    page: Option<i64>,
    /// Accounts per page, 1 to 100; 50 by default.
    #[param(minimum = 1, maximum = 100)]
    per_page: Option<i64>,
}

/// An account as the operator's lists show it.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct AdminAccount {
    id: i64,
    role: Role,
    email: String,
    firstname: String,
    lastname: String,
    /// The school's name, or the partner's company.
    organisation: Option<String>,
    /// A partner who named a company that already has approved recruiters: a company-membership
    /// request, which an approved colleague may also accept.
    joins_existing_company: bool,
    standing: AccountStanding,
    /// Why the account was refused or suspended.
    standing_reason: Option<String>,
    email_validated: bool,
    created_at: DateTime<Utc>,
    /// A partner's distinct searches a day (their own quota, or the default).
    daily_search_quota: Option<i32>,
    /// A partner's distinct profile opens a day.
    daily_profile_quota: Option<i32>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AdminAccountList {
    /// How many accounts the filters keep, over every page.
    total: i64,
    accounts: Vec<AdminAccount>,
}

/// The columns of [`AdminAccount`].
fn account_select() -> String {
    format!(
        "select u.id, u.discriminator as role, u.email, u.firstname, u.lastname,
            coalesce(s.name, co.name) as organisation,
            p.user_id is not null and exists (
                select 1 from partners colleague join users cu on cu.id = colleague.user_id
                where colleague.company_id = p.company_id and colleague.user_id <> u.id and cu.standing = 'approved'
            ) as joins_existing_company,
            u.standing, u.standing_reason, u.email_validated_at is not null as email_validated, u.created_at,
            case when p.user_id is not null then coalesce(p.daily_search_quota, {DEFAULT_DAILY_SEARCHES}) end as daily_search_quota,
            case when p.user_id is not null then coalesce(p.daily_profile_quota, {DEFAULT_DAILY_PROFILE_OPENS}) end as daily_profile_quota"
    )
}

/// The account and its organisation, as [`account_select`] reads them.
const ACCOUNT_JOINS_SQL: &str = "from users u
     left join schools s on s.user_id = u.id
     left join partners p on p.user_id = u.id
     left join companies co on co.id = p.company_id";

/// The filters of [`AccountsQuery`], bound as $1 to $3.
const ACCOUNT_FILTERS_SQL: &str = "where u.active
       and ($1::account_standing is null or u.standing = $1)
       and ($2::user_role is null or u.discriminator = $2)
       and ($3::text is null
            or fold(u.firstname || ' ' || u.lastname || ' ' || coalesce(s.name, co.name, '')) like fold($3)
            or lower(u.email) like lower($3))";

#[utoipa::path(
    get, path = "/api/api/admin/accounts", params(AccountsQuery),
    responses((status = 200, body = AdminAccountList, description = "pending accounts first, oldest first; then newest first"))
)]
pub async fn list_accounts(
    State(state): State<AppState>,
    Query(query): Query<AccountsQuery>,
) -> Result<Json<AdminAccountList>> {
    let paging = Paging::of(PageQuery { page: query.page, per_page: query.per_page });
    let pattern = crate::db::contains_pattern(query.q.as_deref());
    let total: i64 =
        sqlx::query_scalar(AssertSqlSafe(format!("select count(*) {ACCOUNT_JOINS_SQL} {ACCOUNT_FILTERS_SQL}")))
            .bind(query.standing)
            .bind(query.role)
            .bind(&pattern)
            .fetch_one(&state.db)
            .await?;
    let accounts = sqlx::query_as(AssertSqlSafe(format!(
        "{} {ACCOUNT_JOINS_SQL} {ACCOUNT_FILTERS_SQL}
         order by u.standing = 'pending' desc,
                  case when u.standing = 'pending' then u.created_at end,
                  u.created_at desc, u.id
         limit $4 offset $5",
        account_select()
    )))
    .bind(query.standing)
    .bind(query.role)
    .bind(&pattern)
    .bind(paging.per_page)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    Ok(Json(AdminAccountList { total, accounts }))
}

/// Where to move an account, and why (required to refuse or suspend).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct StandingChange {
    /// `approved` approves a pending or refused account and reinstates a suspended one.
    standing: AccountStanding,
    /// Shown to the person in the email; required for `refused` and `suspended`.
    #[schema(min_length = 1, max_length = 1000)]
    reason: Option<String>,
}

#[utoipa::path(
    put, path = "/api/api/admin/accounts/{id}/standing", request_body = StandingChange,
    params(("id" = i64, Path, description = "the account's user id")),
    responses(
        (status = 200, body = AdminAccount, description = "changed; the person is told by email"),
        (status = 409, body = crate::error::ErrorBody,
         description = "standing_unchanged, standing_transition_not_allowed, operator_account"),
        (status = 422, body = crate::error::ErrorBody, description = "reason: required, too_long"),
    )
)]
pub async fn change_standing(
    State(state): State<AppState>,
    operator: CurrentUser,
    Path(id): Path<i64>,
    Json(change): Json<StandingChange>,
) -> Result<Json<AdminAccount>> {
    let reason = account_standing::checked_reason(change.standing, change.reason.as_deref())?;
    account_standing::change(&state, operator.id, id, change.standing, reason).await?;
    read_account(&state, id).await.map(Json)
}

async fn read_account(state: &AppState, id: i64) -> Result<AdminAccount> {
    let account = sqlx::query_as(AssertSqlSafe(format!("{} {ACCOUNT_JOINS_SQL} where u.id = $1", account_select())))
        .bind(id)
        .fetch_one(&state.db)
        .await?;
    Ok(account)
}

/// A partner's daily quotas; `null` puts the default back.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct QuotaChange {
    #[schema(minimum = 1, maximum = 100000)]
    daily_search_quota: Option<i32>,
    #[schema(minimum = 1, maximum = 100000)]
    daily_profile_quota: Option<i32>,
}

#[utoipa::path(
    put, path = "/api/api/admin/accounts/{id}/quotas", request_body = QuotaChange,
    params(("id" = i64, Path, description = "the partner's user id")),
    responses(
        (status = 200, body = AdminAccount, description = "changed, and written to the audit log"),
        (status = 404, body = crate::error::ErrorBody, description = "no partner has this id"),
        (status = 422, body = crate::error::ErrorBody, description = "daily_search_quota, daily_profile_quota: out_of_range"),
    )
)]
pub async fn change_quotas(
    State(state): State<AppState>,
    operator: CurrentUser,
    Path(id): Path<i64>,
    Json(change): Json<QuotaChange>,
) -> Result<Json<AdminAccount>> {
    let mut checks = Checks::new();
    for (field, value) in
        [("daily_search_quota", change.daily_search_quota), ("daily_profile_quota", change.daily_profile_quota)]
    {
        if value.is_some_and(|quota| !(1..=100_000).contains(&quota)) {
            checks.fail(field, RuleCode::OutOfRange);
        }
    }
    checks.finish()?;
    let mut transaction = state.db.begin().await?;
    let changed =
        sqlx::query("update partners set daily_search_quota = $2, daily_profile_quota = $3 where user_id = $1")
            .bind(id)
            .bind(change.daily_search_quota)
            .bind(change.daily_profile_quota)
            .execute(&mut *transaction)
            .await?;
    if changed.rows_affected() == 0 {
        return Err(Error::NotFound);
    }
    let detail = format!(
        "{} / {}",
        change.daily_search_quota.unwrap_or(DEFAULT_DAILY_SEARCHES),
        change.daily_profile_quota.unwrap_or(DEFAULT_DAILY_PROFILE_OPENS)
    );
    let event = AuditEvent {
        actor: Some(operator.id),
        action: AuditAction::QuotaChanged,
        subject: Some(id),
        detail: Some(&detail),
    };
    event.record(&mut *transaction).await?;
    transaction.commit().await?;
    read_account(&state, id).await.map(Json)
}
