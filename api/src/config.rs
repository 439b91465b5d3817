//! Command line and environment configuration of the `vivier` binary.
//!
//! Every setting is a flag with an environment variable behind it, so the same binary runs
//! from the start script, from tests and under a process manager without a config file.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use ipnet::IpNet;

/// What `vivier --version` prints: the release and the commit it was built from (`api/build.rs`).
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (commit ", env!("VIVIER_GIT_COMMIT"), ")");

#[derive(Debug, Parser)]
#[command(name = "vivier", version = VERSION, about = "Vivier: recruitment and talent matching")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,

    /// Log lines as text for people, or as one JSON object per line for a log collector
    #[arg(long, global = true, env = "VIVIER_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the API and the web app (applies pending migrations first on loopback; see --migrate)
    Serve(Box<ServeArgs>),
    /// Apply pending database migrations and exit, or with --check only say whether some are pending
    Migrate(MigrateArgs),
    /// Fill the database with the deterministic demo data set (once; later runs do nothing)
    Seed(SeedArgs),
    /// Print the API's OpenAPI document (JSON) and exit; the web app generates its types from it
    Openapi,
    /// Operators' tasks on the command line
    #[command(subcommand)]
    Admin(AdminCommand),
}

#[derive(Debug, Subcommand)]
pub enum AdminCommand {
    /// Create an operator account and print the link that sets its password (valid 14 days)
    CreateOperator(CreateOperatorArgs),
}

#[derive(Debug, Clone, Args)]
pub struct CreateOperatorArgs {
    #[command(flatten)]
    pub database: DatabaseArgs,

    /// The operator's email address
    #[arg(long)]
    pub email: String,

    #[arg(long, default_value = "Opérateur")]
    pub firstname: String,

    #[arg(long, default_value = "Vivier")]
    pub lastname: String,

    /// Address of the site as users reach it, for the printed link
    #[arg(long, env = "VIVIER_PUBLIC_URL", default_value = "http://127.0.0.1:8080")]
    pub public_url: String,
}

#[derive(Debug, Clone, Args)]
pub struct DatabaseArgs {
    /// Postgres connection string, e.g. postgres://vivier@127.0.0.1:5433/vivier
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    pub database_url: String,

    /// Largest number of connections the pool opens
    #[arg(long, env = "DATABASE_MAX_CONNECTIONS", default_value_t = 16)]
    pub database_max_connections: u32,
}

#[derive(Debug, Clone, Args)]
pub struct MigrateArgs {
    #[command(flatten)]
    pub database: DatabaseArgs,

    /// Apply nothing: list the pending migrations and exit with 0 when there are none, 3 when
    /// some are pending (1: the database could not be checked)
    #[arg(long)]
    pub check: bool,
}

#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    #[command(flatten)]
    pub database: DatabaseArgs,

    /// What to do with pending migrations at start: apply them (auto), refuse to start (check),
    /// or not look (never). Default: auto on a loopback address, check on any other, where
    /// `vivier migrate` runs them once per upgrade (DEPLOYING.md, "Upgrades")
    #[arg(long, env = "VIVIER_MIGRATE", value_enum)]
    pub migrate: Option<crate::migrations::MigrateMode>,

    /// Address and port the HTTP server listens on
    #[arg(long, env = "VIVIER_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,

    /// Serve the built web app in this folder (index.html and assets) instead of the one
    /// embedded in the binary, e.g. `web/dist` while developing the web app
    #[arg(long, env = "VIVIER_WEB_DIST")]
    pub web_dist: Option<PathBuf>,

    /// Secret signing sessions and unsubscribe links (at least 32 characters). Required on a
    /// server listening on another address than loopback; on loopback, without it a random one
    /// is drawn and sessions and unsubscribe links end when the server stops
    #[arg(long, env = "VIVIER_SESSION_SECRET", hide_env_values = true)]
    pub session_secret: Option<String>,

    /// Address of the site as users reach it, for links in emails; https here also marks
    /// session cookies Secure and sends Strict-Transport-Security. Required on a server
    /// listening on another address than loopback (on loopback: http://LISTEN)
    #[arg(long, env = "VIVIER_PUBLIC_URL")]
    pub public_url: Option<String>,

    /// SMTP server for emails, e.g. smtps://user:password@smtp.example.org; without it emails
    /// are only recorded in the outbox
    #[arg(long, env = "VIVIER_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,

    /// Sender of emails
    #[arg(long, env = "VIVIER_MAIL_FROM", default_value = "Vivier <no-reply@vivier.localhost>")]
    pub mail_from: String,

    /// MapLibre style URL of a tile server for the sourcing map (default: the offline style)
    #[arg(long, env = "VIVIER_MAP_STYLE_URL")]
    pub map_style_url: Option<String>,

    /// Other origins the map style loads tiles, fonts or sprites from, comma-separated
    /// (`https://tiles.example.org,https://fonts.example.org`); the style's own origin is allowed
    /// without being named
    #[arg(long, env = "VIVIER_MAP_ORIGINS", value_delimiter = ',', value_parser = parse_map_origin)]
    pub map_origins: Vec<String>,

    /// Where users of this server can get its source code (AGPL-3.0 section 13), linked from
    /// the web app's footer, e.g. https://git.example.org/vivier/tree/v1.2.0
    #[arg(long, env = "VIVIER_SOURCE_CODE_URL")]
    pub source_code_url: Option<String>,

    /// Show the outbox at /api/mailbox, to loopback clients only (demo and tests only; ignored
    /// when SMTP is configured). Refused on a server listening on another address than loopback:
    /// the outbox holds every user's reset and validation links
    #[arg(long, env = "VIVIER_DEMO_MAILBOX", default_value_t = false)]
    pub demo_mailbox: bool,

    /// Bearer token operators and scrapers send to read /api/health/details and /api/metrics;
    /// without it both answer 404 (/api/health, which says only whether the server is ready,
    /// stays public)
    #[arg(long, env = "VIVIER_METRICS_TOKEN", hide_env_values = true)]
    pub metrics_token: Option<String>,

    /// Load balancers and reverse proxies whose forwarding headers (Forwarded, X-Forwarded-For)
    /// are believed, comma-separated addresses or networks (`127.0.0.1,10.0.0.0/8`); requests
    /// from anyone else are attributed to their TCP peer address
    #[arg(long, env = "VIVIER_TRUSTED_PROXIES", value_delimiter = ',', value_parser = parse_trusted_proxy)]
    pub trusted_proxies: Vec<ipnet::IpNet>,

    /// On SIGTERM, answer 503 on /api/health for this many seconds while still serving, so
    /// that load balancers stop sending requests, then stop (in-flight requests get 10 more)
    #[arg(long, env = "VIVIER_DRAIN_SECONDS", default_value_t = 5)]
    pub drain_seconds: u64,

    /// Read the candidate change log this often even without a notification, in milliseconds
    #[arg(long, env = "VIVIER_INDEX_POLL_MS", default_value_t = 2_000)]
    pub index_poll_ms: u64,

    /// Compare the in-memory matcher with a fresh projection of the database every N seconds
    /// when the change log is quiet, and report the outcome in /api/health (0: never; each
    /// comparison reads every candidate)
    #[arg(long, env = "VIVIER_INDEX_VERIFY_SECONDS", default_value_t = 0)]
    pub index_verify_seconds: u64,

    /// Save the matcher in this folder (the replica's own) and restart from it: a restart then
    /// reads the change log since the save instead of every candidate. Unset: every start loads
    /// from the database
    #[arg(long, env = "VIVIER_SNAPSHOT_DIR")]
    pub snapshot_dir: Option<std::path::PathBuf>,
    /// Look for due digests (saved-search alerts to partners, new offers to candidates) every N
    /// seconds (each person still gets one a day at most)
    #[arg(long, env = "VIVIER_ALERT_DIGEST_SECONDS", default_value_t = 600)]
    pub alert_digest_seconds: u64,
    /// Close a partner's live notification stream after N seconds (the browser reconnects at
    /// once): keeps a stream from outliving a balancer's idle timeouts and spreads them anew
    #[arg(long, env = "VIVIER_NOTIFICATION_STREAM_SECONDS", default_value_t = 300)]
    pub notification_stream_seconds: u64,
}

#[derive(Debug, Clone, Args)]
pub struct SeedArgs {
    #[command(flatten)]
    pub database: DatabaseArgs,

    /// How many demo candidates to create (1,000,000 for benchmarks)
    #[arg(long, env = "VIVIER_SEED_CANDIDATES", default_value_t = 20_000)]
    pub candidates: usize,

    /// Seed of the random generator: the same seed gives the same data set
    #[arg(long, env = "VIVIER_SEED", default_value_t = 20_261_122)]
    pub seed: u64,
}

impl ServeArgs {
    /// `--migrate`, or its default for the listen address.
    pub fn migrate_mode(&self) -> crate::migrations::MigrateMode {
        use crate::migrations::MigrateMode;
        let default = if self.listen.ip().is_loopback() { MigrateMode::Auto } else { MigrateMode::Check };
        self.migrate.unwrap_or(default)
    }

    /// Refuses settings that would expose users or lose their sessions: a server others can
    /// reach must not list the outbox, and must know its public address and have a session
    /// secret of its own.
    pub fn check_exposure(&self) -> anyhow::Result<()> {
        let loopback = self.listen.ip().is_loopback();
        if self.demo_mailbox && !loopback {
            anyhow::bail!(
                "the demo mailbox (--demo-mailbox, VIVIER_DEMO_MAILBOX) shows every user's links: it is only \
                 allowed on a server listening on a loopback address, not on {}",
                self.listen
            );
        }
        if self.public_url.as_deref().is_none_or(|url| url.trim().is_empty()) && !loopback {
            anyhow::bail!(
                "a server listening on {} needs VIVIER_PUBLIC_URL (--public-url), the address people reach \
                 it at, e.g. https://vivier.example.org: links in emails would point at this listen address, \
                 and cookies would not be marked Secure",
                self.listen
            );
        }
        if self.session_secret.is_none() && !loopback {
            anyhow::bail!(
                "a server listening on {} needs VIVIER_SESSION_SECRET (--session-secret): a random one \
                 would log everyone out and break every unsubscribe link at each restart, and differ \
                 between replicas",
                self.listen
            );
        }
        Ok(())
    }
}

/// Parses an origin the map may fetch from: `https://host[:port]`, nothing after it (the
/// content security policy names it as is).
pub fn parse_map_origin(text: &str) -> Result<String, String> {
    let text = text.trim().trim_end_matches('/');
    match crate::http::web_app::origin_of(text) {
        Some(origin) if origin == text => Ok(text.to_owned()),
        _ => Err(format!("not an http(s) origin such as https://tiles.example.org: {text:?}")),
    }
}

/// Parses a trusted proxy: an address (`10.0.0.5`) or a network (`10.0.0.0/8`).
pub fn parse_trusted_proxy(text: &str) -> Result<IpNet, String> {
    let text = text.trim();
    text.parse::<IpNet>()
        .or_else(|_| text.parse::<IpAddr>().map(IpNet::from))
        .map_err(|_| format!("not an IP address or network: {text:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn serve_args(extra: &[&str]) -> ServeArgs {
        let arguments = ["vivier", "serve", "--database-url", "postgres://localhost/vivier"].iter().chain(extra);
        match Cli::try_parse_from(arguments).expect("valid arguments").command {
            Command::Serve(args) => *args,
            other => panic!("not serve: {other:?}"),
        }
    }

    #[test]
    fn the_demo_mailbox_is_refused_on_an_address_others_can_reach() {
        let secret = "--session-secret=a secret of at least thirty-two characters";
        let exposed = serve_args(&["--listen", "0.0.0.0:8080", "--demo-mailbox", secret]);
        let error = exposed.check_exposure().expect_err("refused").to_string();
        assert!(error.contains("loopback"), "{error}");
        assert!(error.contains("demo mailbox"), "{error}");
        assert!(serve_args(&["--listen", "192.168.1.5:8080", "--demo-mailbox", secret]).check_exposure().is_err());
    }

    #[test]
    fn the_demo_mailbox_is_allowed_on_loopback() {
        assert!(serve_args(&["--listen", "127.0.0.1:8080", "--demo-mailbox"]).check_exposure().is_ok());
        assert!(serve_args(&["--listen", "[::1]:8080", "--demo-mailbox"]).check_exposure().is_ok());
        let secret = "--session-secret=a secret of at least thirty-two characters";
        let public_url = "--public-url=https://vivier.example.org";
        assert!(serve_args(&["--listen", "0.0.0.0:8080", secret, public_url]).check_exposure().is_ok());
    }

    #[test]
    fn a_public_url_is_required_unless_listening_on_loopback() {
        let secret = "--session-secret=a secret of at least thirty-two characters";
        let error =
            serve_args(&["--listen", "0.0.0.0:8080", secret]).check_exposure().expect_err("refused").to_string();
        assert!(error.contains("VIVIER_PUBLIC_URL"), "{error}");
        let blank = serve_args(&["--listen", "10.0.0.5:8080", secret, "--public-url="]);
        assert!(blank.check_exposure().is_err());
        assert!(serve_args(&["--listen", "127.0.0.1:8080"]).check_exposure().is_ok());
    }

    #[test]
    fn migrations_are_applied_at_start_on_loopback_and_only_checked_elsewhere_unless_asked() {
        use crate::migrations::MigrateMode;
        assert_eq!(serve_args(&["--listen", "127.0.0.1:8080"]).migrate_mode(), MigrateMode::Auto);
        assert_eq!(serve_args(&["--listen", "0.0.0.0:8080"]).migrate_mode(), MigrateMode::Check);
        assert_eq!(serve_args(&["--listen", "0.0.0.0:8080", "--migrate", "auto"]).migrate_mode(), MigrateMode::Auto);
        assert_eq!(serve_args(&["--migrate", "never"]).migrate_mode(), MigrateMode::Never);
    }

    #[test]
    fn a_session_secret_is_required_unless_listening_on_loopback() {
        let public_url = "--public-url=https://vivier.example.org";
        let error =
            serve_args(&["--listen", "0.0.0.0:8080", public_url]).check_exposure().expect_err("refused").to_string();
        assert!(error.contains("VIVIER_SESSION_SECRET"), "{error}");
        assert!(serve_args(&["--listen", "127.0.0.1:8080"]).check_exposure().is_ok());
    }
}
