//! The stable codes a client can rely on: [`ErrorCode`] names what went wrong with a request as
//! a whole (the error body's `code`), [`RuleCode`] names which rule a field broke (the lists in
//! the error body's `errors`). Both are published in the OpenAPI document as string enums, so
//! the web app's translation tables are typed by them: a code dropped here fails the web build.
//!
//! A code is never renamed once shipped; a new situation gets a new variant.

use serde::Serialize;

/// What went wrong with a request, as the error body's `code`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// No session, or an expired or revoked one.
    Unauthorized,
    /// A session, but the wrong role or someone else's resource.
    Forbidden,
    NotFound,
    /// Fields broke rules; the body's `errors` says which.
    ValidationFailed,
    TooManyRequests,
    /// Something failed on our side; details are in the server's log, never in the answer.
    InternalError,
    /// The body is not the JSON the route expects.
    InvalidBody,
    /// A query parameter is missing or malformed.
    InvalidQuery,
    /// A path parameter is malformed.
    InvalidPath,
    MethodNotAllowed,
    /// The body is larger than the route accepts.
    PayloadTooLarge,
    /// Another account already uses this email address.
    EmailTaken,
    /// The email or the password is wrong.
    InvalidCredentials,
    /// The account exists but its email was never validated.
    EmailNotValidated,
    AccountDeactivated,
    /// A link's token is unknown, used or expired.
    InvalidToken,
    /// The school or partner account waits for an operator's approval: this route needs it.
    AccountPending,
    /// An operator refused the account (the reason is in `whoami`'s `standingReason`).
    AccountRefused,
    /// An operator suspended the account: it can neither log in nor act.
    AccountSuspended,
    /// The account already stands where the change would put it.
    StandingUnchanged,
    /// The account's standing cannot go to the asked one (refusing an approved account...).
    StandingTransitionNotAllowed,
    /// Operators' own accounts are not changed through the operator area.
    OperatorAccount,
    /// The request was already accepted or refused.
    RequestResolved,
    /// A school's invitation that was already answered, or expired.
    InvitationClosed,
    /// The candidate belongs to no school.
    NotInASchool,
    /// The partner used today's quota of searches or profile opens (429; it starts again at
    /// midnight UTC, and an operator may raise it).
    DailyQuotaReached,
    /// The partner's earlier request to this candidate still waits for an answer.
    ContactRequestOpen,
    /// The candidate declined this partner's request less than 90 days ago.
    ContactRecentlyDeclined,
    /// The contact request was already answered, or expired.
    ContactRequestClosed,
    /// The conversation was closed: it takes no more messages.
    ConversationClosed,
    /// The offer is a draft, closed, or past its closing date: it takes no application (or it
    /// cannot go where the change would put it).
    OfferNotLive,
    /// The candidate already applied to this offer (and did not withdraw).
    AlreadyApplied,
    /// The application was withdrawn, or already ended (hired, declined): it changes no more.
    ApplicationClosed,
    /// A request with the same `Idempotency-Key` still runs (409; resend after a second).
    RequestInProgress,
    /// The `Idempotency-Key` was sent before with another method, path or body (422).
    IdempotencyKeyReused,
}

/// Which rule a field broke, as an entry of the error body's `errors`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RuleCode {
    Required,
    TooLong,
    /// A text shorter than the rule asks (a contact request's message).
    TooShort,
    OutOfRange,
    InvalidDate,
    InvalidEmail,
    InvalidPhone,
    InvalidLocalization,
    /// An id that names nothing in its reference list.
    Unknown,
    /// A value that is none of the accepted ones.
    Invalid,
    /// The same id given twice in one list.
    Duplicate,
    /// A password that breaks the composition rules: under 10 or over 128 characters, without a
    /// letter or a digit, or containing the email's local part.
    PasswordPolicy,
    /// A password that follows the composition rules but is too easy to guess (a common
    /// password, a keyboard walk, a repeat, the owner's name...).
    PasswordTooWeak,
    /// The current password given to change it is wrong.
    WrongPassword,
    /// A birthdate that makes the person younger than the product allows.
    TooYoung,
    /// A sourcing search or an offer needs at least one language or one soft-skill family.
    MatchingParameterRequired,
    /// The value must be sent as a query parameter, not in the body.
    QueryParameterExpected,
    /// `type` of a place search must be `city`, `department`, `region` or `country`.
    OneOfCityDepartmentRegionCountry,
    /// `labels` must be `all` when present.
    OneOfAll,
    /// An address that is not an `http://` or `https://` URL.
    HttpUrlExpected,
    /// Fewer items than the rule asks (a record's soft skills, a project's pictures).
    TooFew,
    /// More items than the rule allows (a record's soft skills, a hobby's pictures).
    TooMany,
    /// An end date before the start date.
    EndBeforeStart,
    /// A file that is not a JPEG, PNG or WebP picture, judged by its content.
    UnsupportedFileType,
    /// A picture whose content cannot be decoded (truncated, corrupt, too many pixels).
    UnreadableImage,
    /// A DISC question group with no answer: every group is answered once.
    DiscGroupUnanswered,
    /// A DISC question group answered more than once.
    DiscGroupAnsweredTwice,
    /// A DISC answer that does not belong to the question group it is given for.
    DiscAnswerNotInGroup,
    /// An import file with more rows than an import accepts.
    TooManyRows,
    /// An import file without one of the columns it needs (first name, last name, email,
    /// program).
    MissingColumn,
    /// An import file that is not CSV text.
    UnreadableFile,
    /// A date before today where only today or later makes sense (an offer's closing date).
    DateInThePast,
}
