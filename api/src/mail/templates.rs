//! The words of every email, in French and English, kept as minijinja templates under
//! `api/templates/emails` (embedded in the binary) so that a translator edits text files, not
//! Rust. A message's template says its subject, paragraphs and link label; each language's
//! `common.txt` says what surrounds every message; one layout per format (text, HTML) adds the
//! link and the unsubscribe footer.

use std::sync::LazyLock;

use minijinja::{Environment, context};

use super::Email;
use super::notices::one_click_unsubscribe_url;
use crate::locale::Locale;

/// The messages the product sends; each has a template per language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmailKind {
    /// Sign-up: confirm the address.
    Validation,
    /// Sign-up with an address that already has an account.
    AlreadyRegistered,
    PasswordReset,
    /// A link that logs in once, asked for on the login page.
    LoginLink,
    /// Confirm the new address of an email change.
    EmailChange,
    /// To the old address: the account's address changed (to the one quoted).
    EmailChanged,
    /// An account inactive for almost two years: it is erased in 30 days unless the person logs in.
    RetentionWarning,
    /// A school invites an address without an account: the link creates the account.
    Invitation,
    /// A school invites a candidate who has an account: accept or refuse in the dashboard.
    SchoolInvitation,
    /// A student left the school (to the school).
    StudentLeft,
    /// Candidates who started to match a partner's saved searches with alerts.
    AlertDigest,
    /// An operator approved the school or partner account.
    AccountApproved,
    /// An operator refused the account, and says why.
    AccountRefused,
    /// An operator suspended the account, and says why.
    AccountSuspended,
    /// An operator lifted the account's suspension.
    AccountReinstated,
    /// A school asks a partner to work with it: accept or refuse in the dashboard.
    SchoolLinkRequest,
    /// A school invites a recruiter's address without an account: the link creates it.
    RecruiterInvitation,
    /// A partner asks a candidate to get in touch: read and answer in the dashboard.
    ContactRequest,
    /// The candidate accepted a partner's contact request (to the partner).
    ContactAccepted,
    /// The candidate declined a partner's contact request (to the partner, kindly).
    ContactDeclined,
    /// New messages in a conversation, at most once per 15 minutes and thread.
    ContactMessage,
    /// Offers published since the last digest that the candidate fits, one digest a day at most.
    OfferDigest,
    /// A candidate applied to one of the partner's offers.
    ApplicationReceived,
    /// The partner moved the candidate's application to a new step (the step is quoted).
    ApplicationProgress,
    /// The partner declined the candidate's application (kindly).
    ApplicationDeclined,
}

impl EmailKind {
    fn template_name(self) -> &'static str {
        match self {
            EmailKind::Validation => "validation.txt",
            EmailKind::AlreadyRegistered => "already_registered.txt",
            EmailKind::PasswordReset => "password_reset.txt",
            EmailKind::LoginLink => "login_link.txt",
            EmailKind::EmailChange => "email_change.txt",
            EmailKind::EmailChanged => "email_changed.txt",
            EmailKind::RetentionWarning => "retention_warning.txt",
            EmailKind::Invitation => "invitation.txt",
            EmailKind::SchoolInvitation => "school_invitation.txt",
            EmailKind::StudentLeft => "student_left.txt",
            EmailKind::AlertDigest => "alert_digest.txt",
            EmailKind::AccountApproved => "account_approved.txt",
            EmailKind::AccountRefused => "account_refused.txt",
            EmailKind::AccountSuspended => "account_suspended.txt",
            EmailKind::AccountReinstated => "account_reinstated.txt",
            EmailKind::SchoolLinkRequest => "school_link_request.txt",
            EmailKind::RecruiterInvitation => "recruiter_invitation.txt",
            EmailKind::ContactRequest => "contact_request.txt",
            EmailKind::ContactAccepted => "contact_accepted.txt",
            EmailKind::ContactDeclined => "contact_declined.txt",
            EmailKind::ContactMessage => "contact_message.txt",
            EmailKind::OfferDigest => "offer_digest.txt",
            EmailKind::ApplicationReceived => "application_received.txt",
            EmailKind::ApplicationProgress => "application_progress.txt",
            EmailKind::ApplicationDeclined => "application_declined.txt",
        }
    }

    /// Whether the message is a notification or a digest, sent because the person is subscribed
    /// to its type (which its unsubscribe link turns off), rather than an email about their
    /// account (a password reset, an approval: their footer's link turns off product news).
    /// Only these carry the one-click unsubscribe headers (RFC 8058), which large mail
    /// providers require of the bulk emails they are.
    fn is_subscribed(self) -> bool {
        matches!(
            self,
            EmailKind::AlertDigest
                | EmailKind::OfferDigest
                | EmailKind::ContactRequest
                | EmailKind::ContactAccepted
                | EmailKind::ContactDeclined
                | EmailKind::ContactMessage
                | EmailKind::ApplicationReceived
                | EmailKind::ApplicationProgress
                | EmailKind::ApplicationDeclined
        )
    }

    /// The block of `common.txt` that asks whether to unsubscribe: each kind names what its
    /// unsubscribe link turns off.
    fn unsubscribe_prompt(self) -> &'static str {
        match self {
            EmailKind::AlertDigest => "alerts_unsubscribe_prompt",
            EmailKind::ContactRequest
            | EmailKind::ContactAccepted
            | EmailKind::ContactDeclined
            | EmailKind::ContactMessage => "messages_unsubscribe_prompt",
            EmailKind::OfferDigest => "offers_unsubscribe_prompt",
            EmailKind::ApplicationReceived | EmailKind::ApplicationProgress | EmailKind::ApplicationDeclined => {
                "applications_unsubscribe_prompt"
            }
            _ => "unsubscribe_prompt",
        }
    }
}

/// Embeds `api/templates/emails/<name>` for each name, keyed by that name.
macro_rules! embedded_templates {
    ($($name:literal),* $(,)?) => {
        [$(($name, include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/templates/emails/", $name)))),*]
    };
}

const TEMPLATES: [(&str, &str); 54] = embedded_templates![
    "layout.txt",
    "layout.html",
    "fr/common.txt",
    "fr/validation.txt",
    "fr/already_registered.txt",
    "fr/password_reset.txt",
    "fr/login_link.txt",
    "fr/email_change.txt",
    "fr/email_changed.txt",
    "fr/retention_warning.txt",
    "fr/invitation.txt",
    "fr/school_invitation.txt",
    "fr/student_left.txt",
    "fr/alert_digest.txt",
    "fr/account_approved.txt",
    "fr/account_refused.txt",
    "fr/account_suspended.txt",
    "fr/account_reinstated.txt",
    "fr/school_link_request.txt",
    "fr/recruiter_invitation.txt",
    "fr/contact_request.txt",
    "fr/contact_accepted.txt",
    "fr/contact_declined.txt",
    "fr/contact_message.txt",
    "fr/offer_digest.txt",
    "fr/application_received.txt",
    "fr/application_progress.txt",
    "fr/application_declined.txt",
    "en/common.txt",
    "en/validation.txt",
    "en/already_registered.txt",
    "en/password_reset.txt",
    "en/login_link.txt",
    "en/email_change.txt",
    "en/email_changed.txt",
    "en/retention_warning.txt",
    "en/invitation.txt",
    "en/school_invitation.txt",
    "en/student_left.txt",
    "en/alert_digest.txt",
    "en/account_approved.txt",
    "en/account_refused.txt",
    "en/account_suspended.txt",
    "en/account_reinstated.txt",
    "en/school_link_request.txt",
    "en/recruiter_invitation.txt",
    "en/contact_request.txt",
    "en/contact_accepted.txt",
    "en/contact_declined.txt",
    "en/contact_message.txt",
    "en/offer_digest.txt",
    "en/application_received.txt",
    "en/application_progress.txt",
    "en/application_declined.txt",
];

/// Parsed once; a template that does not parse fails the unit tests, not a request.
static ENVIRONMENT: LazyLock<Environment<'static>> = LazyLock::new(|| {
    let mut environment = Environment::new();
    // block tags on lines of their own leave no blank lines behind
    environment.set_trim_blocks(true);
    // an unknown variable is a bug in the template or the caller, not an empty string
    environment.set_undefined_behavior(minijinja::UndefinedBehavior::Strict);
    for (name, source) in TEMPLATES {
        environment.add_template(name, source).expect("the email templates parse");
    }
    environment
});

/// One email to one person: which message, in which language, with its links.
#[derive(Debug, Clone)]
pub struct Letter {
    pub kind: EmailKind,
    pub locale: Locale,
    pub to: String,
    pub user_id: Option<i64>,
    /// How the message greets the person.
    pub firstname: String,
    /// The message's link (validate, reset...), shown as its main action.
    pub action_url: Option<String>,
    /// `None` only for an email to an address without an account (an invitation to join): it
    /// subscribes to nothing.
    pub unsubscribe_url: Option<String>,
    /// The items a digest lists (empty for the other messages).
    pub lines: Vec<DigestLine>,
    /// How many more items there were than a digest lists (0 for the other messages).
    pub more: usize,
    /// The words the message quotes: an operator's reason for a refusal or a suspension, the
    /// name of the school that invites, the student who left.
    pub detail: Option<String>,
}

/// One item of a digest and where to see it: a candidate, the search they now match and why (to a
/// partner), or an offer, its company and why it fits (to a candidate).
#[derive(Debug, Clone, serde::Serialize)]
pub struct DigestLine {
    /// The candidate's name, or the offer's title.
    pub title: String,
    /// The saved search's name, or the offer's company.
    pub context: String,
    pub reason: String,
    pub url: String,
}

impl Letter {
    /// Renders the subject, the text and the HTML parts; the links list the action first and
    /// the unsubscribe link last.
    pub fn compose(self) -> Result<Email, minijinja::Error> {
        let language = self.locale.code();
        let message = ENVIRONMENT.get_template(&format!("{language}/{}", self.kind.template_name()))?;
        let mut rendered = message.render_captured(context! {
            firstname => self.firstname,
            count => self.lines.len() + self.more,
            more => self.more,
            detail => self.detail,
        })?;
        let (subject, body, action_label, more_line) = rendered.with_state_mut(|state| {
            Ok::<_, minijinja::Error>((
                state.render_block("subject")?,
                state.render_block("body")?,
                state.render_block("action")?,
                // only a digest says what it leaves out
                if self.more > 0 { state.render_block("more")? } else { String::new() },
            ))
        })?;
        let subject = subject.trim().to_owned();
        let paragraphs: Vec<&str> =
            body.split("\n\n").map(str::trim).filter(|paragraph| !paragraph.is_empty()).collect();
        let action_label = action_label.trim().to_owned();
        let mut common = ENVIRONMENT.get_template(&format!("{language}/common.txt"))?.render_captured(())?;
        let prompt = self.kind.unsubscribe_prompt();
        let (colon, unsubscribe_prompt) = common.with_state_mut(|state| {
            Ok::<_, minijinja::Error>((state.render_block("colon")?, state.render_block(prompt)?))
        })?;
        let links = self.action_url.iter().chain(&self.unsubscribe_url).cloned().collect();
        let list_unsubscribe_url =
            self.unsubscribe_url.as_deref().filter(|_| self.kind.is_subscribed()).map(one_click_unsubscribe_url);
        let link_token = self.action_url.as_deref().and_then(link_token);
        let layout = context! {
            language,
            paragraphs,
            action_label,
            colon,
            unsubscribe_prompt => unsubscribe_prompt.trim(),
            action_url => self.action_url,
            lines => self.lines,
            more_line => more_line.trim(),
            unsubscribe_url => self.unsubscribe_url,
        };
        // one line end after the last line, with or without the unsubscribe footer
        let text = ENVIRONMENT.get_template("layout.txt")?.render(&layout)?.trim_end().to_owned() + "\n";
        let html = ENVIRONMENT.get_template("layout.html")?.render(&layout)?;
        Ok(Email { user_id: self.user_id, to: self.to, subject, text, html, links, list_unsubscribe_url, link_token })
    }
}

/// The secret of a one-time link: every such link of the product carries it as its `token`
/// parameter (`crate::auth::tokens`), and it is the message's action link when there is one.
fn link_token(action_url: &str) -> Option<String> {
    let query = action_url.split_once('?')?.1;
    query.split('&').find_map(|pair| pair.strip_prefix("token=")).map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letter(kind: EmailKind, locale: Locale) -> Letter {
        Letter {
            kind,
            locale,
            to: "lea@example.org".to_owned(),
            user_id: Some(7),
            firstname: "Léa <b>".to_owned(),
            action_url: Some("http://127.0.0.1:8080/inscription/valider?token=a&kind=email".to_owned()),
            unsubscribe_url: Some("http://127.0.0.1:8080/notifications/desinscrire?token=b&type=news".to_owned()),
            lines: Vec::new(),
            more: 0,
            detail: Some("Raison <i>".to_owned()),
        }
    }

    #[test]
    fn every_message_renders_in_both_languages_with_its_links() {
        let every_kind = [
            EmailKind::Validation,
            EmailKind::AlreadyRegistered,
            EmailKind::PasswordReset,
            EmailKind::LoginLink,
            EmailKind::EmailChange,
            EmailKind::EmailChanged,
            EmailKind::RetentionWarning,
            EmailKind::Invitation,
            EmailKind::SchoolInvitation,
            EmailKind::StudentLeft,
            EmailKind::AlertDigest,
            EmailKind::AccountApproved,
            EmailKind::AccountRefused,
            EmailKind::AccountSuspended,
            EmailKind::AccountReinstated,
            EmailKind::SchoolLinkRequest,
            EmailKind::RecruiterInvitation,
            EmailKind::ContactRequest,
            EmailKind::ContactAccepted,
            EmailKind::ContactDeclined,
            EmailKind::ContactMessage,
            EmailKind::OfferDigest,
            EmailKind::ApplicationReceived,
            EmailKind::ApplicationProgress,
            EmailKind::ApplicationDeclined,
        ];
        for kind in every_kind {
            for locale in [Locale::Fr, Locale::En] {
                let email = letter(kind, locale).compose().unwrap();
                assert!(!email.subject.is_empty() && !email.subject.contains('\n'), "{kind:?} {locale:?}");
                assert!(email.text.contains("Léa <b>,"), "{kind:?} {locale:?}: {}", email.text);
                assert!(email.text.contains("token=a&kind=email") && email.text.contains("type=news"));
                assert_eq!(email.links.len(), 2);
                assert!(email.links[1].ends_with("type=news"));
            }
        }
    }

    #[test]
    fn only_notifications_and_digests_offer_a_one_click_unsubscribe() {
        for kind in [EmailKind::AlertDigest, EmailKind::OfferDigest, EmailKind::ContactMessage] {
            let email = letter(kind, Locale::En).compose().unwrap();
            assert_eq!(
                email.list_unsubscribe_url.as_deref(),
                Some("http://127.0.0.1:8080/api/api/notifications/unsubscribe/one-click?token=b&type=news"),
                "{kind:?}"
            );
        }
        for kind in [EmailKind::PasswordReset, EmailKind::Validation, EmailKind::AccountApproved] {
            assert_eq!(letter(kind, Locale::En).compose().unwrap().list_unsubscribe_url, None, "{kind:?}");
        }
    }

    #[test]
    fn the_secret_of_a_one_time_link_is_known_to_its_email() {
        assert_eq!(letter(EmailKind::Validation, Locale::Fr).compose().unwrap().link_token.as_deref(), Some("a"));
        let mut notice = letter(EmailKind::AccountApproved, Locale::Fr);
        notice.action_url = Some("http://127.0.0.1:8080/login".to_owned());
        assert_eq!(notice.compose().unwrap().link_token, None, "the unsubscribe link's token is no one-time secret");
    }

    #[test]
    fn a_refusal_and_a_suspension_say_why_in_both_parts() {
        for kind in [EmailKind::AccountRefused, EmailKind::AccountSuspended] {
            for locale in [Locale::Fr, Locale::En] {
                let email = letter(kind, locale).compose().unwrap();
                assert!(email.text.contains("Raison <i>"), "{kind:?} {locale:?}: {}", email.text);
                assert!(email.html.contains("Raison &lt;i&gt;"), "{kind:?} {locale:?}: {}", email.html);
            }
        }
    }

    #[test]
    fn a_digest_lists_its_lines_in_both_parts() {
        let mut digest = letter(EmailKind::AlertDigest, Locale::En);
        digest.lines = vec![DigestLine {
            title: "Léa M.".to_owned(),
            context: "Sales <Lyon>".to_owned(),
            reason: "3 km from Lyon".to_owned(),
            url: "http://127.0.0.1:8080/sourcing/recherches/4".to_owned(),
        }];
        let email = digest.compose().unwrap();

        assert!(email.subject.contains('1'), "{}", email.subject);
        assert!(email.text.contains("Léa M. (Sales <Lyon>): 3 km from Lyon"), "{}", email.text);
        assert!(email.html.contains("Sales &lt;Lyon&gt;"), "{}", email.html);
        assert!(email.text.contains("alerts by email? Unsubscribe:"), "{}", email.text);
    }

    #[test]
    fn a_full_digest_says_how_many_more_the_notifications_page_has() {
        for (locale, more_line, subject) in [
            (Locale::Fr, "Et 5 autres profils, sur la page des notifications.", "15 nouveaux profils"),
            (Locale::En, "And 5 more candidates, on your notifications page.", "15 new candidates"),
        ] {
            let mut digest = letter(EmailKind::AlertDigest, locale);
            let line = DigestLine {
                title: "Léa M.".to_owned(),
                context: "Lyon".to_owned(),
                reason: "3 km".to_owned(),
                url: "http://127.0.0.1:8080/sourcing/recherches/4".to_owned(),
            };
            digest.lines = vec![line; 10];
            digest.more = 5;
            let email = digest.compose().unwrap();
            assert!(email.subject.starts_with(subject), "{}", email.subject);
            assert!(email.text.contains(&format!("\n{more_line}\n")), "{}", email.text);
            assert!(email.html.contains(&format!("<p>{more_line}</p>")), "{}", email.html);
        }
        let email = letter(EmailKind::AlertDigest, Locale::En).compose().unwrap();
        assert!(!email.text.contains("more candidates"), "{}", email.text);
    }

    #[test]
    fn the_html_part_escapes_what_it_inserts() {
        let email = letter(EmailKind::Validation, Locale::En).compose().unwrap();

        assert!(email.html.contains("Hello Léa &lt;b&gt;,"), "{}", email.html);
        assert!(email.html.contains("token=a&amp;kind=email"));
        assert!(email.html.contains("<a href="));
    }

    #[test]
    fn the_text_part_has_paragraphs_the_link_and_the_footer() {
        let email = letter(EmailKind::PasswordReset, Locale::Fr).compose().unwrap();

        assert_eq!(email.subject, "Réinitialisez votre mot de passe");
        assert!(email.text.starts_with("Bonjour Léa <b>,\n\nVous avez demandé"), "{}", email.text);
        assert!(email.text.contains("\n\nChoisir un nouveau mot de passe : http://"));
        assert!(
            email.text.ends_with("Se désabonner : http://127.0.0.1:8080/notifications/desinscrire?token=b&type=news\n"),
            "{:?}",
            email.text
        );
    }
}
