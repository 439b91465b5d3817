//! What the server was started with ([`Settings`]) and the rate limiters of the routes people
//! could abuse ([`RateLimits`]), shared by every handler through the application state.

use std::time::Duration;

use crate::auth::login_throttle::LoginLimits;
use crate::auth::session::SessionKeys;
use crate::rate_limit::RateLimiter;

/// Server settings handlers need.
pub struct Settings {
    pub session_keys: SessionKeys,
    /// Origin of the web app, for links in emails (`http://127.0.0.1:8080`).
    pub public_url: String,
    /// Whether the demo mailbox (`GET /api/mailbox`) lists the outbox.
    pub demo_mailbox: bool,
    /// A tile server's MapLibre style for the sourcing map; `None`: the offline style.
    pub map_style_url: Option<String>,
    /// Other origins the map style fetches from (the style's own is allowed anyway).
    pub map_origins: Vec<String>,
    /// The bearer token of `/api/health/details` and `/api/metrics`; `None`: they answer 404.
    pub metrics_token: Option<String>,
    /// Where users can get the running code's source (AGPL-3.0 §13), linked from the footer.
    pub source_code_url: Option<String>,
    /// Proxies whose forwarding headers give the client's address (see [`ClientIp`]).
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// How long a notification stream stays open before the browser reconnects (zero: it
    /// sends the current count and ends).
    pub notification_stream_lifetime: std::time::Duration,
}

impl Settings {
    /// Cookies are marked Secure when the site is served over https.
    pub fn secure_cookies(&self) -> bool {
        self.public_url.starts_with("https://")
    }
}

/// The rate limiters of the routes people could abuse. Windows and counts are chosen so that
/// a person who mistypes never meets them, and a script guessing passwords gets a few dozen
/// tries an hour. Limits per address are sized for a whole campus behind one NAT address (a
/// class of 40 signing up, validating and logging in within the hour). Counted in Postgres:
/// the same for a client whichever replica answers.
pub struct RateLimits {
    pub reports_per_ip: RateLimiter,
    pub logins: LoginLimits,
    pub tokens_per_ip: RateLimiter,
    pub password_resets_per_ip: RateLimiter,
    pub password_resets_per_account: RateLimiter,
    pub sign_ups_per_ip: RateLimiter,
    /// Checks of the current password by a logged-in user (changing the password or the address).
    pub password_checks_per_account: RateLimiter,
    /// Each email change request mails a link to an address the caller chooses.
    pub email_changes_per_ip: RateLimiter,
    pub email_changes_per_account: RateLimiter,
    /// A school adding people one by one (each may send an invitation email).
    pub enrolments_per_school: RateLimiter,
    /// A school checking or importing a file of up to 20,000 addresses.
    pub imports_per_school: RateLimiter,
    /// A school inviting recruiters (each may send an email to an address it chooses).
    pub recruiter_invitations_per_school: RateLimiter,
    /// "Email me a login link": each request may mail the address typed, as a reset does.
    pub login_links_per_ip: RateLimiter,
    pub login_links_per_account: RateLimiter,
}

impl Default for RateLimits {
    fn default() -> Self {
        let minutes = |count: u64| Duration::from_secs(60 * count);
        Self {
            reports_per_ip: RateLimiter::new("reports_per_ip", 5, minutes(10)),
            logins: LoginLimits::default(),
            tokens_per_ip: RateLimiter::new("tokens_per_ip", 300, minutes(15)),
            password_resets_per_ip: RateLimiter::new("password_resets_per_ip", 50, minutes(60)),
            password_resets_per_account: RateLimiter::new("password_resets_per_account", 3, minutes(60)),
            sign_ups_per_ip: RateLimiter::new("sign_ups_per_ip", 100, minutes(60)),
            password_checks_per_account: RateLimiter::new("password_checks_per_account", 10, minutes(15)),
            email_changes_per_ip: RateLimiter::new("email_changes_per_ip", 50, minutes(60)),
            email_changes_per_account: RateLimiter::new("email_changes_per_account", 3, minutes(60)),
            enrolments_per_school: RateLimiter::new("enrolments_per_school", 200, minutes(60)),
            imports_per_school: RateLimiter::new("imports_per_school", 30, minutes(60)),
            recruiter_invitations_per_school: RateLimiter::new("recruiter_invitations_per_school", 20, minutes(60)),
            login_links_per_ip: RateLimiter::new("login_links_per_ip", 50, minutes(60)),
            login_links_per_account: RateLimiter::new("login_links_per_account", 3, minutes(60)),
        }
    }
}
