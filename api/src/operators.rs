//! `vivier admin create-operator`: the first operator of an installation (and any later one) is
//! made on the command line, by whoever runs the server, never through the web. The account has
//! no password: the printed link sets it, and proves the address at the same time.

use anyhow::Context;
use sqlx::PgPool;

use crate::audit::{AuditAction, AuditEvent};
use crate::auth::tokens::{self, TokenKind};
use crate::config::CreateOperatorArgs;
use crate::db;
use crate::validation::looks_like_an_email;

/// Creates the operator the command line names and returns the link that sets its password.
pub async fn create_operator(args: &CreateOperatorArgs) -> anyhow::Result<String> {
    let pool = db::connect(&args.database).await?;
    db::migrate(&pool).await?;
    let token = create(&pool, &args.email, args.firstname.trim(), args.lastname.trim()).await?;
    Ok(format!("{}/mot-de-passe/reinitialiser?token={token}", args.public_url.trim_end_matches('/')))
}

/// Creates an operator account without a password, and returns the token that sets it.
pub async fn create(pool: &PgPool, email: &str, firstname: &str, lastname: &str) -> anyhow::Result<String> {
    let email = email.trim().to_lowercase();
    anyhow::ensure!(looks_like_an_email(&email), "{email:?} is not an email address");
    let mut transaction = pool.begin().await?;
    let user_id: Option<i64> = sqlx::query_scalar(
        "insert into users (discriminator, email, firstname, lastname, standing)
         values ('operator', $1, $2, $3, 'approved')
         on conflict (lower(email)) do nothing returning id",
    )
    .bind(&email)
    .bind(firstname)
    .bind(lastname)
    .fetch_optional(&mut *transaction)
    .await?;
    let user_id = user_id.with_context(|| format!("an account already uses {email}"))?;
    AuditEvent { actor: None, action: AuditAction::OperatorCreated, subject: Some(user_id), detail: Some(&email) }
        .record(&mut *transaction)
        .await?;
    let token = tokens::create(&mut transaction, user_id, TokenKind::Invitation, None).await?;
    transaction.commit().await?;
    Ok(token)
}
