//! The route table: every API route is declared once, with the access it requires: the
//! handler's `#[utoipa::path]` gives its method, path and documentation, and
//! [`RouteTable::add`] gives who may call it. The router, the OpenAPI document and the
//! authorization-matrix test are all built from that one declaration, so none of them can miss
//! a route the others have.
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
use utoipa::openapi::path::{HttpMethod, Operation, PathItem, Paths};
use utoipa::openapi::{RefOr, Schema};
use utoipa_axum::router::UtoipaMethodRouter;

use super::AppState;
use crate::auth::{CurrentUser, Role, session};
use crate::error::Error;

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
    pub fn add(&mut self, access: Access, (schemas, paths, method_router): UtoipaMethodRouter<AppState>) {
        let method_router = guarded(access, method_router);
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
        operation: Operation,
        handler: H,
    ) where
        H: Handler<T, AppState>,
        T: 'static,
    {
        let (_, filter, name) = METHODS.iter().find(|(known, ..)| *known == method).expect("a supported method");
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

fn guarded(access: Access, method_router: MethodRouter<AppState>) -> MethodRouter<AppState> {
    method_router.layer(middleware::from_fn(move |request: Request, next: Next| enforce(access, request, next)))
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
