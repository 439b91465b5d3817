//! The route table: every API route is added here with the access it requires, so that who
//! may call what is declared in one place, enforced before the handler runs, and enumerable
//! by the authorization-matrix test (a route cannot be added without saying who may call it).
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
use axum::routing::{MethodFilter, on};

use super::AppState;
use crate::auth::{CurrentUser, Role, session};
use crate::error::Error;

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
}

impl Access {
    /// Whether a logged-in user of `role` may call the route.
    pub fn admits(self, role: Role) -> bool {
        match self {
            Access::Public | Access::PublicWithSession | Access::Authenticated => true,
            Access::Only(allowed) => allowed == role,
            Access::OneOf(allowed) => allowed.contains(&role),
        }
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

pub struct RouteTable {
    router: Router<AppState>,
    routes: Vec<RouteInfo>,
}

fn method_name(method: MethodFilter) -> &'static str {
    [
        (MethodFilter::GET, "GET"),
        (MethodFilter::POST, "POST"),
        (MethodFilter::PATCH, "PATCH"),
        (MethodFilter::PUT, "PUT"),
        (MethodFilter::DELETE, "DELETE"),
    ]
    .into_iter()
    .find_map(|(filter, name)| (filter == method).then_some(name))
    .expect("routes use one of GET, POST, PATCH, PUT, DELETE")
}

impl Default for RouteTable {
    fn default() -> Self {
        Self::new()
    }
}

impl RouteTable {
    pub fn new() -> Self {
        Self { router: Router::new(), routes: Vec::new() }
    }

    /// Adds `handler` at `path` (relative to `/api`) for `method`, callable by `access`.
    pub fn add<H, T>(&mut self, method: MethodFilter, path: &str, access: Access, handler: H)
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        let route = on(method, handler)
            .layer(middleware::from_fn(move |request: Request, next: Next| enforce(access, request, next)));
        self.router = std::mem::take(&mut self.router).route(path, route);
        self.routes.push(RouteInfo { method: method_name(method), path: format!("/api{path}"), access });
    }

    pub fn into_parts(self) -> (Router<AppState>, Vec<RouteInfo>) {
        (self.router, self.routes)
    }
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
            Ok(Some(user)) => user,
            Ok(None) if access == Access::PublicWithSession => return next.run(request).await,
            Ok(None) => return Error::Unauthorized.into_response(),
            Err(error) => return Error::Database(error).into_response(),
        };
    if !access.admits(user.role) {
        return Error::Forbidden.into_response();
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
