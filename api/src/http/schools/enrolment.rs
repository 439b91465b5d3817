//! Putting people on a campus, shared by the one-by-one form and the import: finding the
//! accounts that already exist for some emails, creating the missing candidate accounts (without
//! a password) and attaching candidates to a campus, each in bulk so that an import of ten
//! thousand rows is a handful of statements; and inviting the new accounts once the transaction
//! committed.

use std::collections::HashMap;

use sqlx::PgConnection;

use crate::app::AppState;
use crate::http::accounts::send_invitation;
use crate::slug::profile_slug;

/// Someone to put on the campus.
#[derive(Debug, Clone)]
pub struct Enrolment {
    pub email: String,
    pub firstname: String,
    pub lastname: String,
    pub program_id: Option<i64>,
    pub parcours_id: Option<i16>,
}

/// An account that exists for an email.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ExistingAccount {
    pub user_id: i64,
    /// Lowercased.
    pub email: String,
    pub is_candidate: bool,
    pub school_id: Option<i64>,
    pub campus_id: Option<i64>,
    pub program_id: Option<i64>,
    pub parcours_id: Option<i16>,
}

impl ExistingAccount {
    /// Whether the candidate already is on `campus_id` with this program and parcours.
    pub fn is_enrolled_as(&self, campus_id: i64, enrolment: &Enrolment) -> bool {
        self.campus_id == Some(campus_id)
            && self.program_id == enrolment.program_id
            && self.parcours_id == enrolment.parcours_id
    }
}

/// The accounts of `emails` (lowercased), by email.
pub async fn existing_accounts(
    connection: &mut PgConnection,
    emails: &[String],
) -> sqlx::Result<HashMap<String, ExistingAccount>> {
    let accounts: Vec<ExistingAccount> = sqlx::query_as(
        "select u.id as user_id, lower(u.email) as email, c.user_id is not null as is_candidate,
                c.school_id, c.campus_id, c.program_id, c.parcours_id
         from users u left join candidates c on c.user_id = u.id
         where lower(u.email) = any($1)",
    )
    .bind(emails)
    .fetch_all(connection)
    .await?;
    Ok(accounts.into_iter().map(|account| (account.email.clone(), account)).collect())
}

/// A candidate account created for the school, to invite.
#[derive(Debug, Clone)]
pub struct CreatedAccount {
    pub user_id: i64,
    pub email: String,
    pub firstname: String,
}

/// Creates candidate accounts without a password, attached to `campus_id`. An email that got
/// an account meanwhile (a sign-up racing the import) is skipped, not failed.
pub async fn create_accounts(
    connection: &mut PgConnection,
    school_id: i64,
    campus_id: i64,
    people: &[&Enrolment],
) -> sqlx::Result<Vec<CreatedAccount>> {
    if people.is_empty() {
        return Ok(Vec::new());
    }
    let column = |pick: fn(&Enrolment) -> &str| people.iter().map(|person| pick(person).to_owned()).collect::<Vec<_>>();
    let created: Vec<(i64, String)> = sqlx::query_as(
        "insert into users (discriminator, email, firstname, lastname, locale)
         select 'candidate', email, firstname, lastname, (select locale from users where id = $4)
         from unnest($1::text[], $2::text[], $3::text[]) as person(email, firstname, lastname)
         on conflict do nothing
         returning id, lower(email)",
    )
    .bind(column(|person| &person.email))
    .bind(column(|person| &person.firstname))
    .bind(column(|person| &person.lastname))
    .bind(school_id)
    .fetch_all(&mut *connection)
    .await?;
    let by_email: HashMap<&str, &Enrolment> = people.iter().map(|person| (person.email.as_str(), *person)).collect();
    let mut accounts = Vec::with_capacity(created.len());
    let (mut ids, mut slugs, mut programs, mut parcours) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for (user_id, email) in created {
        let person = by_email[email.as_str()];
        ids.push(user_id);
        slugs.push(profile_slug(&format!("{} {}", person.firstname, person.lastname), user_id));
        programs.push(person.program_id);
        parcours.push(person.parcours_id);
        accounts.push(CreatedAccount { user_id, email, firstname: person.firstname.clone() });
    }
    sqlx::query(
        "insert into candidates (user_id, slug, school_id, campus_id, program_id, parcours_id)
         select id, slug, $5, $6, program_id, parcours_id
         from unnest($1::bigint[], $2::text[], $3::bigint[], $4::smallint[]) as person(id, slug, program_id, parcours_id)",
    )
    .bind(&ids)
    .bind(&slugs)
    .bind(&programs)
    .bind(&parcours)
    .bind(school_id)
    .bind(campus_id)
    .execute(&mut *connection)
    .await?;
    Ok(accounts)
}

/// Attaches existing candidates to `campus_id` with their program and parcours.
pub async fn attach(
    connection: &mut PgConnection,
    school_id: i64,
    campus_id: i64,
    candidates: &[(i64, &Enrolment)],
) -> sqlx::Result<()> {
    if candidates.is_empty() {
        return Ok(());
    }
    let ids: Vec<i64> = candidates.iter().map(|(id, _)| *id).collect();
    let programs: Vec<Option<i64>> = candidates.iter().map(|(_, person)| person.program_id).collect();
    let parcours: Vec<Option<i16>> = candidates.iter().map(|(_, person)| person.parcours_id).collect();
    sqlx::query(
        "update candidates c set school_id = $4, campus_id = $5, program_id = v.program_id,
                parcours_id = v.parcours_id, updated_at = now()
         from unnest($1::bigint[], $2::bigint[], $3::smallint[]) as v(id, program_id, parcours_id)
         where c.user_id = v.id",
    )
    .bind(&ids)
    .bind(&programs)
    .bind(&parcours)
    .bind(school_id)
    .bind(campus_id)
    .execute(connection)
    .await?;
    Ok(())
}

/// Mails each new account its invitation, one after the other on a background task: an import
/// answers without waiting for thousands of emails. One that fails is logged; its owner can
/// still use "forgot my password".
pub fn invite_later(state: &AppState, accounts: Vec<CreatedAccount>) {
    if accounts.is_empty() {
        return;
    }
    let state = state.clone();
    tokio::spawn(async move {
        for account in accounts {
            if let Err(error) = send_invitation(&state, account.user_id, &account.email, &account.firstname).await {
                tracing::error!(user_id = account.user_id, %error, "cannot prepare an invitation email");
            }
        }
    });
}
