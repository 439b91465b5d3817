//! Sessions: a JWT signed with the server's secret, in an httpOnly, SameSite=Lax cookie.
//!
//! The token names the user and the user's session version. Logging out and changing the
//! password bump the version, which revokes every earlier token of that user at once. An
//! authenticated request checks the version (and whether the account is still active) against the
//! database, one primary-key lookup, and [`SessionChecks`] remembers a passed check for
//! [`SESSION_CHECK_LIFETIME`] so that a partner's burst of searches does not pay a round trip each.
//!
//! What that memory costs: the server that handles a logout or a password change forgets the
//! user's checks at once, so there the old tokens stop working immediately; another server process
//! of the same database, and any server after an account is deactivated directly in the
//! database, may still accept a revoked token for up to [`SESSION_CHECK_LIFETIME`].

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::http::{HeaderMap, HeaderValue, header};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::Utc;
use hmac::{Hmac, Mac};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use sqlx::PgPool;

use super::{AccountStanding, CurrentUser, Role};

pub const SESSION_COOKIE: &str = "vivier_session";
/// A session without "remember me" lasts a day; with it, thirty.
const SHORT_SESSION_SECONDS: i64 = 24 * 3600;
const REMEMBERED_SESSION_SECONDS: i64 = 30 * 24 * 3600;

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    /// user id
    sub: i64,
    /// the user's session version when the token was issued
    ver: i32,
    iat: i64,
    exp: i64,
}

/// The keys drawn from the server's secret: one signs sessions, another, derived from it,
/// signs unsubscribe links, so that neither kind of token can be turned into the other.
pub struct SessionKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    unsubscribe_key: [u8; 32],
}

/// What the unsubscribe key is derived for; a new version would invalidate every link.
const UNSUBSCRIBE_KEY_LABEL: &[u8] = b"vivier unsubscribe links v1";

type HmacSha256 = Hmac<Sha256>;

fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    let mut mac = HmacSha256::new_from_slice(key).expect("HMAC takes a key of any length");
    mac.update(message);
    mac.finalize().into_bytes().into()
}

impl SessionKeys {
    pub fn from_secret(secret: &[u8]) -> Self {
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            unsubscribe_key: hmac_sha256(secret, UNSUBSCRIBE_KEY_LABEL),
        }
    }

    /// A fresh random secret: sessions then end when the process does.
    pub fn random() -> Self {
        let mut secret = [0_u8; 32];
        rand::rng().fill_bytes(&mut secret);
        Self::from_secret(&secret)
    }

    /// The token of a user's link to stop one kind of notification email: an HMAC of the user
    /// and the kind, so that every email can carry it without storing it, and nobody without
    /// the server's secret can make one.
    pub fn unsubscribe_token(&self, user_id: i64, notification_type: &str) -> String {
        URL_SAFE_NO_PAD.encode(hmac_sha256(&self.unsubscribe_key, format!("{user_id}:{notification_type}").as_bytes()))
    }
}

/// Signs a session for the user and returns the `Set-Cookie` value that carries it.
pub fn issue_cookie(
    keys: &SessionKeys,
    user_id: i64,
    session_version: i32,
    remember: bool,
    secure: bool,
) -> HeaderValue {
    let now = Utc::now().timestamp();
    let lifetime = if remember { REMEMBERED_SESSION_SECONDS } else { SHORT_SESSION_SECONDS };
    let claims = Claims { sub: user_id, ver: session_version, iat: now, exp: now + lifetime };
    let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &keys.encoding)
        .expect("HS256 signing of plain claims cannot fail");
    cookie(&token, lifetime, secure)
}

/// The `Set-Cookie` value that removes the session from the browser.
pub fn clearing_cookie(secure: bool) -> HeaderValue {
    cookie("", 0, secure)
}

fn cookie(value: &str, max_age_seconds: i64, secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{SESSION_COOKIE}={value}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age_seconds}{secure}"
    ))
    .expect("a JWT is a valid header value")
}

fn session_token(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|cookies| cookies.split(';'))
        .find_map(|cookie| cookie.trim().strip_prefix(SESSION_COOKIE)?.strip_prefix('='))
        .filter(|token| !token.is_empty())
}

/// How long a passed session check is trusted without reading the user's row again.
pub const SESSION_CHECK_LIFETIME: Duration = Duration::from_secs(10);
/// Above this many remembered users, expired checks are dropped when a new one is stored.
const REMEMBERED_CHECKS_BEFORE_SWEEP: usize = 10_000;

/// Session checks that passed recently, by user (see the module docs for what they cost).
#[derive(Debug, Default)]
pub struct SessionChecks {
    passed: Mutex<HashMap<i64, (CurrentUser, Instant)>>,
}

impl SessionChecks {
    /// The user, when a check of this very session version passed less than the lifetime ago.
    fn recent(&self, user_id: i64, session_version: i32) -> Option<CurrentUser> {
        let passed = self.passed.lock().unwrap_or_else(PoisonError::into_inner);
        let (user, checked_at) = passed.get(&user_id)?;
        (user.session_version == session_version && checked_at.elapsed() < SESSION_CHECK_LIFETIME).then_some(*user)
    }

    fn remember(&self, user: CurrentUser) {
        let mut passed = self.passed.lock().unwrap_or_else(PoisonError::into_inner);
        if passed.len() >= REMEMBERED_CHECKS_BEFORE_SWEEP {
            passed.retain(|_, (_, checked_at)| checked_at.elapsed() < SESSION_CHECK_LIFETIME);
        }
        passed.insert(user.id, (user, Instant::now()));
    }

    /// Forgets the user's passed checks: call it once their session version changed.
    pub fn forget(&self, user_id: i64) {
        self.passed.lock().unwrap_or_else(PoisonError::into_inner).remove(&user_id);
    }
}

/// The user of a valid, unrevoked session of an active account; `None` otherwise.
pub async fn current_user(
    db: &PgPool,
    keys: &SessionKeys,
    checks: &SessionChecks,
    headers: &HeaderMap,
) -> sqlx::Result<Option<CurrentUser>> {
    let Some(token) = session_token(headers) else {
        return Ok(None);
    };
    let mut validation = Validation::new(Algorithm::HS256);
    validation.leeway = 0;
    let Ok(data) = jsonwebtoken::decode::<Claims>(token, &keys.decoding, &validation) else {
        return Ok(None);
    };
    let claims = data.claims;
    if let Some(user) = checks.recent(claims.sub, claims.ver) {
        return Ok(Some(user));
    }
    // a token newer than the remembered check (issued by another server) is checked too
    let row: Option<(String, AccountStanding, i32)> =
        sqlx::query_as("select discriminator::text, standing, session_version from users where id = $1 and active")
            .bind(claims.sub)
            .fetch_optional(db)
            .await?;
    let user = row.and_then(|(discriminator, standing, session_version)| {
        let role = Role::from_discriminator(&discriminator)?;
        (session_version == claims.ver).then_some(CurrentUser { id: claims.sub, role, standing, session_version })
    });
    match user {
        Some(user) => checks.remember(user),
        None => checks.forget(claims.sub),
    }
    Ok(user)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cookie_is_http_only_lax_and_secure_on_https() {
        let keys = SessionKeys::random();
        let cookie = issue_cookie(&keys, 7, 0, false, true).to_str().unwrap().to_owned();
        assert!(cookie.starts_with("vivier_session="));
        assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Secure"));
        assert!(cookie.contains("Max-Age=86400"));
        let remembered = issue_cookie(&keys, 7, 0, true, false).to_str().unwrap().to_owned();
        assert!(remembered.contains("Max-Age=2592000") && !remembered.contains("Secure"));
    }

    #[test]
    fn a_passed_check_is_remembered_for_its_version_only_until_forgotten() {
        let checks = SessionChecks::default();
        let partner =
            CurrentUser { id: 7, role: Role::Partner, standing: AccountStanding::Approved, session_version: 3 };
        assert_eq!(checks.recent(7, 3).map(|user| user.id), None);

        checks.remember(partner);

        assert_eq!(checks.recent(7, 3).map(|user| (user.id, user.role)), Some((7, Role::Partner)));
        // an older token, or a newer one issued elsewhere, goes to the database
        assert!(checks.recent(7, 2).is_none() && checks.recent(7, 4).is_none());
        assert!(checks.recent(8, 3).is_none());
        checks.forget(7);
        assert!(checks.recent(7, 3).is_none());
    }

    #[test]
    fn an_unsubscribe_token_is_bound_to_its_user_kind_and_secret() {
        let keys = SessionKeys::from_secret(b"a secret of the server, 32 bytes or more");
        let token = keys.unsubscribe_token(7, "news");

        assert_eq!(token, keys.unsubscribe_token(7, "news"), "the same link in every email");
        assert_eq!(token.len(), 43, "256 bits, base64url");
        assert_ne!(token, keys.unsubscribe_token(8, "news"));
        assert_ne!(token, keys.unsubscribe_token(7, "sourcing"));
        assert_ne!(
            token,
            SessionKeys::from_secret(b"another secret of another server, 32+").unsubscribe_token(7, "news")
        );
        // not the key that signs sessions
        assert_ne!(token, URL_SAFE_NO_PAD.encode(hmac_sha256(b"a secret of the server, 32 bytes or more", b"7:news")));
    }

    #[test]
    fn the_session_token_is_read_among_other_cookies() {
        let mut headers = HeaderMap::new();
        headers.insert(header::COOKIE, HeaderValue::from_static("locale=fr; vivier_session=abc.def.ghi; x=1"));
        assert_eq!(session_token(&headers), Some("abc.def.ghi"));
        headers.insert(header::COOKIE, HeaderValue::from_static("vivier_session_other=1; vivier_session="));
        assert_eq!(session_token(&headers), None);
    }
}
