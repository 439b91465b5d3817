//! The route table: every API route is declared once, with the access it requires: the
//! handler's `#[utoipa::path]` gives its method, path and documentation, and
//! [`RouteTable::add`] gives who may call it. The router, the OpenAPI document and the
//! authorization-matrix test are all built from that one declaration, so none of them can miss
//! a route the others have.
//!
//! Every operation also documents the answers the framework gives on the route's behalf (see
//! [`document_common_answers`]): 401 and 403 from its access, 404 for a path parameter, 400 and
//! 422 for a path parameter, a query or a body, 413 and 415 for a body. A handler documents its own statuses.
//!
//! Ownership of a resource (a partner's search, a school's campus) is checked by the handler,
//! which knows the resource; the table checks identity and role. A route whose answer depends
//! on who asks but that anonymous visitors may also call ([`Access::PublicWithSession`]) gets
//! the caller as an `Option<CurrentUser>`.

use axum::Router;
use axum::extract::{FromRequestParts, OptionalFromRequestParts, Request};
use axum::handler::Handler;
use axum::http::request::Parts;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodFilter, MethodRouter, on};
use utoipa::openapi::path::{HttpMethod, Operation, ParameterIn, PathItem, Paths};
use utoipa::openapi::{Content, Ref, RefOr, Response as DocumentedResponse, ResponseBuilder, Schema};
use utoipa_axum::router::UtoipaMethodRouter;

use crate::app::AppState;
use crate::auth::{AccountStanding, CurrentUser, Role, session};
use crate::error::Error;
use crate::sourcing_searches::audience;

/// Every API path starts with this; the router is nested under it.
const API_PREFIX: &str = "/api";

/// Who may call a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Anyone, logged in or not.
    Public,
    /// Anyone, logged in or not; the session, when valid, is read and handed to the handler
    /// (`Option<CurrentUser>`), whose answer depends on who asks. An invalid or expired session
    /// counts as an anonymous visitor, never as a 401.
    PublicWithSession,
    /// Any logged-in user.
    Authenticated,
    /// Logged-in users of one role.
    Only(Role),
    /// Logged-in users of any of these roles.
    OneOf(&'static [Role]),
    /// Logged-in users of one role whose account an operator approved: what a school or a
    /// partner may do only once vetted (reading and listing candidates, sourcing, offers). A
    /// pending or refused account gets 403 `account_pending` / `account_refused`.
    Vetted(Role),
    /// Logged-in users of any of these roles, approved.
    VettedOneOf(&'static [Role]),
    /// Partners who may source: approved ones, and pending ones that a school invited (linked to
    /// at least one school), who reach only those schools' candidates until an operator approves
    /// them ([`crate::sourcing_searches::audience`]).
    SourcingPartner,
}

impl Access {
    /// Whether a logged-in user of `role` may call the route.
    pub fn admits(self, role: Role) -> bool {
        match self {
            Access::Public | Access::PublicWithSession | Access::Authenticated => true,
            Access::Only(allowed) | Access::Vetted(allowed) => allowed == role,
            Access::OneOf(allowed) | Access::VettedOneOf(allowed) => allowed.contains(&role),
            Access::SourcingPartner => role == Role::Partner,
        }
    }

    /// Whether the route needs an approved account on top of the role.
    pub fn needs_approval(self) -> bool {
        matches!(self, Access::Vetted(_) | Access::VettedOneOf(_) | Access::SourcingPartner)
    }

    fn checks_role(self) -> bool {
        !matches!(self, Access::Public | Access::PublicWithSession | Access::Authenticated)
    }
}

/// One row of the table, as tests see it.
#[derive(Debug, Clone)]
pub struct RouteInfo {
    pub method: &'static str,
    /// Full path, `/api/...`, with `{param}` placeholders.
    pub path: String,
    pub access: Access,
}

/// The router, its rows and their documentation, built together.
#[derive(Default)]
pub struct RouteTable {
    router: Router<AppState>,
    routes: Vec<RouteInfo>,
    paths: Paths,
    schemas: Vec<(String, RefOr<Schema>)>,
}

/// What the table hands over once every module has added its routes.
pub struct RouteTableParts {
    pub router: Router<AppState>,
    pub routes: Vec<RouteInfo>,
    /// Every route's documentation, paths written in full (`/api/api/...`).
    pub paths: Paths,
    /// The schemas the documented handlers' bodies and answers use.
    pub schemas: Vec<(String, RefOr<Schema>)>,
}

const METHODS: [(HttpMethod, MethodFilter, &str); 5] = [
    (HttpMethod::Get, MethodFilter::GET, "GET"),
    (HttpMethod::Post, MethodFilter::POST, "POST"),
    (HttpMethod::Patch, MethodFilter::PATCH, "PATCH"),
    (HttpMethod::Put, MethodFilter::PUT, "PUT"),
    (HttpMethod::Delete, MethodFilter::DELETE, "DELETE"),
];

/// The methods a documented path item declares, by name.
fn declared_methods(item: &PathItem) -> Vec<&'static str> {
    let operations = [
        (&item.get, "GET"),
        (&item.post, "POST"),
        (&item.patch, "PATCH"),
        (&item.put, "PUT"),
        (&item.delete, "DELETE"),
    ];
    operations.into_iter().filter(|(operation, _)| operation.is_some()).map(|(_, name)| name).collect()
}

fn relative_path(documented_path: &str) -> &str {
    documented_path
        .strip_prefix(API_PREFIX)
        .filter(|rest| rest.starts_with('/'))
        .unwrap_or_else(|| panic!("API paths are documented in full, under {API_PREFIX}: {documented_path}"))
}

impl RouteTable {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a handler documented with `#[utoipa::path]`, as `utoipa_axum::routes!(handler)`
    /// hands it over, callable by `access`. Its method and path are the documented ones.
    pub fn add(&mut self, access: Access, (schemas, mut paths, method_router): UtoipaMethodRouter<AppState>) {
        let method_router = guarded(access, method_router);
        for item in paths.paths.values_mut() {
            for operation in operations_mut(item) {
                document_common_answers(operation, access);
            }
        }
        for (documented_path, item) in &paths.paths {
            for method in declared_methods(item) {
                self.routes.push(RouteInfo { method, path: documented_path.clone(), access });
            }
            let path = relative_path(documented_path);
            self.router = std::mem::take(&mut self.router).route(path, method_router.clone());
        }
        merge_paths(&mut self.paths, paths);
        self.schemas.extend(schemas);
    }

    /// Adds `handler` for `method` at `path` (in full, `/api/...`) with a hand-built
    /// `operation`: for routes generated from data, such as one route per reference list.
    pub fn add_generated<H, T>(
        &mut self,
        method: HttpMethod,
        path: &str,
        access: Access,
        mut operation: Operation,
        handler: H,
    ) where
        H: Handler<T, AppState>,
        T: 'static,
    {
        let (_, filter, name) = METHODS.iter().find(|(known, ..)| *known == method).expect("a supported method");
        document_common_answers(&mut operation, access);
        self.router =
            std::mem::take(&mut self.router).route(relative_path(path), guarded(access, on(*filter, handler)));
        self.routes.push(RouteInfo { method: name, path: path.to_owned(), access });
        let mut paths = Paths::new();
        paths.paths.insert(path.to_owned(), PathItem::new(method, operation));
        merge_paths(&mut self.paths, paths);
    }

    pub fn into_parts(self) -> RouteTableParts {
        RouteTableParts { router: self.router, routes: self.routes, paths: self.paths, schemas: self.schemas }
    }
}

fn operations_mut(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    [&mut item.get, &mut item.post, &mut item.patch, &mut item.put, &mut item.delete].into_iter().flatten()
}

/// Documents the error answers a route gives whatever its handler does, where the handler's
/// own documentation does not already name them: the access guard's 401 and 403, a malformed
/// path parameter, query or body (400), an unknown path parameter (404), a query or body that
/// breaks its rules (422), and a
/// body too large (413) or of another content type (415; a malformed body is a 400).
fn document_common_answers(operation: &mut Operation, access: Access) {
    let parameters = operation.parameters.as_deref().unwrap_or_default();
    let has_parameter_in = |place: ParameterIn| {
        parameters.iter().any(|parameter| matches!(parameter, RefOr::T(parameter) if parameter.parameter_in == place))
    };
    let has_path_parameter = has_parameter_in(ParameterIn::Path);
    let has_query = has_parameter_in(ParameterIn::Query);
    let has_body = operation.request_body.is_some();
    let answers = [
        (access != Access::Public && access != Access::PublicWithSession, "401", "not logged in"),
        (
            access.checks_role(),
            "403",
            "the caller's role may not call this route (`forbidden`), or the caller's account waits for \
             approval, was refused or is suspended (`account_pending`, `account_refused`, `account_suspended`)",
        ),
        (
            !access.checks_role() && access != Access::Public && access != Access::PublicWithSession,
            "403",
            "the caller's account is suspended (`account_suspended`)",
        ),
        (has_path_parameter || has_query || has_body, "400", "a malformed path parameter, query or body"),
        (has_path_parameter, "404", "nothing the caller may see has this identifier"),
        (has_query || has_body, "422", "the fields and the rules they broke"),
        (has_body, "413", "the body is too large"),
        (has_body, "415", "the body is not of the content type this route takes"),
    ];
    for (applies, status, description) in answers {
        if applies {
            operation.responses.responses.entry(status.to_owned()).or_insert_with(|| error_answer(description));
        }
    }
    // OpenAPI 3.1 requires every answer's description; a handler that documents only a body
    // gets its status's meaning
    for (status, response) in &mut operation.responses.responses {
        if let RefOr::T(response) = response
            && response.description.is_empty()
        {
            response.description = status_meaning(status).to_owned();
        }
    }
}

/// What a status says when the handler's documentation adds nothing.
fn status_meaning(status: &str) -> &'static str {
    match status {
        "200" => "the answer",
        "201" => "created; the answer is the new resource",
        "204" => "done; no body",
        "429" => "too many attempts; `Retry-After` tells in how many seconds to try again",
        _ => "see the operation's description",
    }
}

fn error_answer(description: &str) -> RefOr<DocumentedResponse> {
    let body = Content::new(Some(Ref::from_schema_name("ErrorBody")));
    RefOr::T(ResponseBuilder::new().description(description).content("application/json", body).build())
}

/// Adds `more` to `paths`, keeping both operations when a path has several methods.
fn merge_paths(paths: &mut Paths, more: Paths) {
    for (path, item) in more.paths {
        match paths.paths.get_mut(&path) {
            Some(existing) => existing.merge_operations(item),
            None => {
                paths.paths.insert(path, item);
            }
        }
    }
}

/// The route's access checked first, then a keyed POST or PATCH replayed (per user, so after the
/// session is known).
fn guarded(access: Access, method_router: MethodRouter<AppState>) -> MethodRouter<AppState> {
    method_router
        .layer(middleware::from_fn(super::idempotency::replay_or_run))
        .layer(middleware::from_fn(move |request: Request, next: Next| enforce(access, request, next)))
}

/// Checks the session against the route's access and hands the user to the handler.
async fn enforce(access: Access, mut request: Request, next: Next) -> Response {
    if access == Access::Public {
        return next.run(request).await;
    }
    let state = request.extensions().get::<AppState>().cloned().expect("the API router carries its state");
    let user =
        match session::current_user(&state.db, &state.settings.session_keys, &state.session_checks, request.headers())
            .await
        {
            // a suspended account is shut out; on a public route it reads as a visitor
            Ok(Some(user)) if user.standing == AccountStanding::Suspended && access == Access::PublicWithSession => {
                return next.run(request).await;
            }
            Ok(Some(user)) => user,
            Ok(None) if access == Access::PublicWithSession => return next.run(request).await,
            Ok(None) => return Error::Unauthorized.into_response(),
            Err(error) => return Error::Database(error).into_response(),
        };
    if !access.admits(user.role) {
        return Error::Forbidden.into_response();
    }
    let standing_matters = access.needs_approval() || user.standing == AccountStanding::Suspended;
    if let Some(refusal) = user.standing.refusal().filter(|_| standing_matters) {
        let school_scoped = match access {
            Access::SourcingPartner => audience::is_school_scoped(&state.db, user.id, user.standing).await,
            _ => Ok(false),
        };
        match school_scoped {
            Ok(true) => {}
            Ok(false) => return refusal.into_response(),
            Err(error) => return Error::Database(error).into_response(),
        }
    }
    request.extensions_mut().insert(user);
    next.run(request).await
}

impl<S: Send + Sync> FromRequestParts<S> for CurrentUser {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        parts.extensions.get::<CurrentUser>().copied().ok_or(Error::Unauthorized)
    }
}

/// The caller of a [`Access::PublicWithSession`] route, if logged in. On other public routes the
/// session is not read and this is always `None`.
impl<S: Send + Sync> OptionalFromRequestParts<S> for CurrentUser {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Option<Self>, Self::Rejection> {
        Ok(parts.extensions.get::<CurrentUser>().copied())
    }
}
