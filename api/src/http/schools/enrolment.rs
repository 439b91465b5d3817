//! Putting people on a campus with their consent, shared by the one-by-one form and the import.
//! A school's own students (attached to it or to one of its campuses) are placed on the campus
//! at once: they are the school's already. Everyone else is invited ([`invite`]): nothing is
//! attached and no account is created until the owner of the address accepts. The answer the
//! school gets is the same whether the address has an account, whose, or none, so that adding
//! or importing people tells nothing about who uses Vivier. Each step is one statement for the
//! whole batch, and the invitation emails are queued in the transaction that records them.

use std::collections::HashMap;

use sqlx::PgConnection;

use crate::app::AppState;
use crate::auth::tokens::new_secret;
use crate::error::{Error, Result};
use crate::locale::Locale;
use crate::mail::{EmailKind, Letter, Recipient, account_email_quoting};

/// Someone to put on the campus.
#[derive(Debug, Clone)]
pub struct Enrolment {
    /// Lowercased.
    pub email: String,
    pub firstname: String,
    pub lastname: String,
    pub program_id: Option<i64>,
    pub parcours_id: Option<i16>,
}

/// One of the school's students, where they are now.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OwnStudent {
    pub user_id: i64,
    /// Lowercased.
    pub email: String,
    pub campus_id: Option<i64>,
    pub program_id: Option<i64>,
    pub parcours_id: Option<i16>,
}

impl OwnStudent {
    /// Whether the student already is on `campus_id` with this program and parcours.
    pub fn is_enrolled_as(&self, campus_id: i64, enrolment: &Enrolment) -> bool {
        self.campus_id == Some(campus_id)
            && self.program_id == enrolment.program_id
            && self.parcours_id == enrolment.parcours_id
    }
}

/// The students of `school_id` among `emails` (lowercased), by email.
pub async fn own_students(
    connection: &mut PgConnection,
    school_id: i64,
    emails: &[String],
) -> sqlx::Result<HashMap<String, OwnStudent>> {
    let students: Vec<OwnStudent> = sqlx::query_as(
        "select c.user_id, lower(u.email) as email, c.campus_id, c.program_id, c.parcours_id
         from users u join candidates c on c.user_id = u.id
         where lower(u.email) = any($1)
           and (c.school_id = $2 or c.campus_id in (select id from campuses where school_id = $2))",
    )
    .bind(emails)
    .bind(school_id)
    .fetch_all(connection)
    .await?;
    Ok(students.into_iter().map(|student| (student.email.clone(), student)).collect())
}

/// Places students of the school on `campus_id` with their program and parcours.
pub async fn place(
    connection: &mut PgConnection,
    school_id: i64,
    campus_id: i64,
    students: &[(i64, &Enrolment)],
) -> sqlx::Result<()> {
    if students.is_empty() {
        return Ok(());
    }
    let ids: Vec<i64> = students.iter().map(|(id, _)| *id).collect();
    let programs: Vec<Option<i64>> = students.iter().map(|(_, person)| person.program_id).collect();
    let parcours: Vec<Option<i16>> = students.iter().map(|(_, person)| person.parcours_id).collect();
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

/// An account that exists for an invited address.
#[derive(sqlx::FromRow)]
struct InvitedAccount {
    id: i64,
    email: String,
    firstname: String,
    locale: String,
    is_candidate: bool,
}

/// Invites `people` to `campus_id` (an open invitation of the school to the same address is
/// renewed) and queues each email in `connection`'s transaction: to a candidate account, "answer
/// in your dashboard"; to an address without an account, the link that creates it; to a school or
/// partner account, nothing (it cannot become a student, and the school is not told).
pub async fn invite(
    state: &AppState,
    connection: &mut PgConnection,
    school_id: i64,
    campus_id: i64,
    people: &[&Enrolment],
) -> Result<()> {
    if people.is_empty() {
        return Ok(());
    }
    let tokens: Vec<(String, Vec<u8>)> = people.iter().map(|_| new_secret()).collect();
    let column = |pick: fn(&Enrolment) -> &str| people.iter().map(|person| pick(person).to_owned()).collect::<Vec<_>>();
    sqlx::query(
        "insert into school_invitations
             (school_id, campus_id, email, firstname, lastname, program_id, parcours_id, token_hash)
         select $1, $2, v.email, v.firstname, v.lastname, v.program_id, v.parcours_id, v.token_hash
         from unnest($3::text[], $4::text[], $5::text[], $6::bigint[], $7::smallint[], $8::bytea[])
              as v(email, firstname, lastname, program_id, parcours_id, token_hash)
         on conflict (school_id, lower(email)) where answer is null do update
         set campus_id = excluded.campus_id, firstname = excluded.firstname, lastname = excluded.lastname,
             program_id = excluded.program_id, parcours_id = excluded.parcours_id,
             token_hash = excluded.token_hash, expires_at = now() + interval '30 days', updated_at = now()",
    )
    .bind(school_id)
    .bind(campus_id)
    .bind(column(|person| &person.email))
    .bind(column(|person| &person.firstname))
    .bind(column(|person| &person.lastname))
    .bind(people.iter().map(|person| person.program_id).collect::<Vec<_>>())
    .bind(people.iter().map(|person| person.parcours_id).collect::<Vec<_>>())
    .bind(tokens.iter().map(|(_, hash)| hash.clone()).collect::<Vec<_>>())
    .execute(&mut *connection)
    .await?;
    let (school_name, school_locale): (String, String) =
        sqlx::query_as("select s.name, u.locale from schools s join users u on u.id = s.user_id where s.user_id = $1")
            .bind(school_id)
            .fetch_one(&mut *connection)
            .await?;
    let accounts: Vec<InvitedAccount> = sqlx::query_as(
        "select u.id, lower(u.email) as email, u.firstname, u.locale, u.discriminator = 'candidate' as is_candidate
         from users u where lower(u.email) = any($1)",
    )
    .bind(column(|person| &person.email))
    .fetch_all(&mut *connection)
    .await?;
    let accounts: HashMap<&str, &InvitedAccount> =
        accounts.iter().map(|account| (account.email.as_str(), account)).collect();
    let mut emails = Vec::with_capacity(people.len());
    for (person, (token, _)) in people.iter().zip(&tokens) {
        let email = match accounts.get(person.email.as_str()) {
            Some(account) if !account.is_candidate => continue,
            Some(account) => {
                let to = Recipient {
                    user_id: account.id,
                    email: account.email.clone(),
                    firstname: account.firstname.clone(),
                    locale: Locale::from_code(&account.locale),
                };
                let dashboard = format!("{}/dashboard/candidate", state.settings.public_url);
                account_email_quoting(
                    &mut *connection,
                    &state.settings,
                    EmailKind::SchoolInvitation,
                    to,
                    dashboard,
                    Some(school_name.clone()),
                )
                .await?
            }
            None => sign_up_invitation(state, person, token, &school_name, Locale::from_code(&school_locale))?,
        };
        emails.push(email);
    }
    state.mailer.enqueue_all(&mut *connection, emails).await.map_err(Error::Internal)?;
    Ok(())
}

/// The email to an address without an account: its link creates the account.
fn sign_up_invitation(
    state: &AppState,
    person: &Enrolment,
    token: &str,
    school_name: &str,
    locale: Locale,
) -> Result<crate::mail::Email> {
    let letter = Letter {
        kind: EmailKind::Invitation,
        locale,
        to: person.email.clone(),
        user_id: None,
        firstname: person.firstname.clone(),
        action_url: Some(format!("{}/inscription/invitation?token={token}", state.settings.public_url)),
        unsubscribe_url: None,
        lines: Vec::new(),
        more: 0,
        detail: Some(school_name.to_owned()),
    };
    letter.compose().map_err(|error| Error::Internal(error.into()))
}
