//! The HTTP surface: one module per resource registering its routes, with the access each
//! requires, in one [`routes::RouteTable`]; all mounted under `/api` over one [`AppState`]
//! (built outside this layer, in [`crate::app`]),
//! plus the built web app for every other path.
//!
//! `/api/...` never falls back to the web app: an unknown API path is a JSON 404, so a client
//! bug never receives an HTML page it would try to parse.

mod accounts;
mod admin;
mod candidate_account;
mod candidate_profile;
mod candidates;
mod client_config;
mod client_ip;
mod colleagues;
mod companies;
mod contacts;
mod disc;
mod document_limits;
mod geo;
mod health;
mod idempotency;
mod localizations;
mod mailbox;
mod notifications;
mod observability;
mod offers;
mod paging;
mod ping;
mod project_categories;
mod public_profile_page;
mod reference_lists;
mod reports;
pub mod routes;
mod same_origin;
mod school_links;
mod schools;
mod sessions;
mod soft_skill_percentages;
pub(crate) mod sourcing;
mod tour;
pub(crate) mod web_app;

/// For the handler benchmark, which builds the engine's query from a search body as the handler does.
pub use sourcing::SearchCreateRequest;

use axum::extract::DefaultBodyLimit;
use axum::{Extension, Router};
use utoipa::OpenApi;
use utoipa_swagger_ui::SwaggerUi;

use crate::app::AppState;
use crate::error::{Error, ErrorCode};
/// The caller's language lives beside the mailer, which needs it too; resource modules reach it
/// here as well.
use crate::locale;
use routes::{RouteInfo, RouteTable};

pub use accounts::TERMS_VERSION;
pub use client_ip::ClientIp;
pub use web_app::WebApp;

/// Largest request body accepted by default; upload routes raise it for themselves.
const DEFAULT_BODY_LIMIT_BYTES: usize = 64 * 1024;

/// What the document says besides the routes, which the route table documents.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Vivier API",
        description = "Recruitment and talent matching: candidates, schools and partners.\n\n\
            Any POST or PATCH may carry an `Idempotency-Key` header (1 to 255 visible ASCII \
            characters): a resend with the same key, method, path and body within a day gets the \
            first answer again (header `Idempotency-Replayed: true`) instead of doing the work \
            twice; while the first still runs, a resend gets 409 `request_in_progress` (retry after \
            `Retry-After`); the key sent with another request gets 422 `idempotency_key_reused`."
    ),
    components(schemas(crate::error::ErrorBody, crate::codes::ErrorCode, crate::codes::RuleCode))
)]
struct ApiDoc;

fn route_table() -> RouteTable {
    let mut table = RouteTable::new();
    ping::routes(&mut table);
    health::routes(&mut table);
    reports::routes(&mut table);
    reference_lists::routes(&mut table);
    geo::routes(&mut table);
    localizations::routes(&mut table);
    sessions::routes(&mut table);
    accounts::routes(&mut table);
    candidates::routes(&mut table);
    candidate_profile::routes(&mut table);
    candidate_account::routes(&mut table);
    mailbox::routes(&mut table);
    sourcing::routes(&mut table);
    notifications::routes(&mut table);
    offers::routes(&mut table);
    client_config::routes(&mut table);
    project_categories::routes(&mut table);
    soft_skill_percentages::routes(&mut table);
    disc::routes(&mut table);
    tour::routes(&mut table);
    schools::routes(&mut table);
    companies::routes(&mut table);
    admin::routes(&mut table);
    colleagues::routes(&mut table);
    school_links::routes(&mut table);
    contacts::routes(&mut table);
    table
}

/// Every API route with the access it requires (for the authorization-matrix test).
pub fn routes() -> Vec<RouteInfo> {
    route_table().into_parts().routes
}

/// The OpenAPI document of every route, served at `/api/openapi.json` and printed by
/// `vivier openapi` for the web app's generated types.
pub fn openapi_document() -> serde_json::Value {
    let parts = route_table().into_parts();
    let mut document = ApiDoc::openapi();
    document.paths = parts.paths;
    let components = document.components.get_or_insert_with(Default::default);
    components.schemas.extend(parts.schemas);
    document_limits::state_exact_limits(document)
}

/// The API alone, as mounted under `/api`.
pub fn api_router(state: AppState) -> Router {
    route_table()
        .into_parts()
        .router
        .fallback(|| async { Error::NotFound })
        // the same JSON shape as every other error; axum still sets the Allow header
        .method_not_allowed_fallback(|| async {
            Error::Rejected {
                status: axum::http::StatusCode::METHOD_NOT_ALLOWED,
                code: ErrorCode::MethodNotAllowed,
                message: "this path does not accept that method".to_owned(),
            }
        })
        .layer(axum::middleware::from_fn_with_state(
            same_origin::public_host(&state.settings.public_url),
            same_origin::refuse_cross_site_changes,
        ))
        .layer(axum::middleware::from_fn_with_state(state.metrics.clone(), observability::track_requests))
        .layer(DefaultBodyLimit::max(DEFAULT_BODY_LIMIT_BYTES))
        .layer(Extension(state.clone()))
        .with_state(state)
}

/// The whole site: the API under `/api` and the web app everywhere else.
pub fn app(state: AppState, web_app: impl Into<WebApp>) -> Router {
    let web_app = web_app.into();
    let (map_style_url, map_origins) = (state.settings.map_style_url.clone(), state.settings.map_origins.clone());
    let https = state.settings.secure_cookies();
    let page_state = public_profile_page::PageState { app: state.clone(), web_app: web_app.clone() };
    let site = Router::new()
        .route("/candidat/{slug}", axum::routing::get(public_profile_page::public_profile_page).with_state(page_state))
        // the docs page is mounted here, not in the API router, because it must know its
        // absolute address to fetch the document
        .merge(SwaggerUi::new("/api/docs").external_url_unchecked("/api/openapi.json", openapi_document()))
        .nest("/api", api_router(state))
        .fallback_service(web_app.files());
    observability::with_access_log(web_app::with_headers(site, map_style_url.as_deref(), &map_origins, https))
}

#[cfg(test)]
mod tests {
    use matcher::relaxation::{DEFAULT_RADIUS_KM, DURATION_FLEXIBILITY_MONTHS, RADIUS_KM};

    /// Two schemas of one name would leave one of them out of the document (the last wins),
    /// and a client would send the other's values. (Integer widths may differ: a language's
    /// level is a `u8` in a hit and an `i16` read from a profile, and descriptions too.)
    #[test]
    fn every_schema_name_is_one_schema() {
        fn shape(value: &mut serde_json::Value) {
            if let Some(object) = value.as_object_mut() {
                ["format", "minimum", "maximum", "description"]
                    .iter()
                    .for_each(|keyword| drop(object.remove(*keyword)));
                object.values_mut().for_each(shape);
            }
        }
        let mut seen = std::collections::BTreeMap::new();
        for (name, schema) in super::route_table().into_parts().schemas {
            let mut schema = serde_json::to_value(schema).unwrap();
            shape(&mut schema);
            let earlier = seen.insert(name.clone(), schema.clone());
            assert!(earlier.is_none_or(|earlier| earlier == schema), "two schemas are named {name}");
        }
    }

    #[test]
    fn every_reference_of_the_document_resolves() {
        fn check(value: &serde_json::Value, document: &serde_json::Value) {
            match value {
                serde_json::Value::Object(object) => {
                    if let Some(target) = object.get("$ref").and_then(|target| target.as_str()) {
                        let pointer = target.trim_start_matches('#');
                        assert!(document.pointer(pointer).is_some(), "{target} is not in the document");
                    }
                    object.values().for_each(|inner| check(inner, document));
                }
                serde_json::Value::Array(items) => items.iter().for_each(|inner| check(inner, document)),
                _ => {}
            }
        }
        let document = super::openapi_document();
        check(&document, &document);
    }

    /// OpenAPI 3.1 requires a description of every answer.
    #[test]
    fn every_answer_is_described() {
        let document = super::openapi_document();
        for (path, item) in document["paths"].as_object().unwrap() {
            for (method, operation) in item.as_object().unwrap() {
                for (status, answer) in operation["responses"].as_object().unwrap() {
                    let described = answer["description"].as_str().is_some_and(|text| !text.is_empty());
                    assert!(described || answer.get("$ref").is_some(), "{method} {path} {status} has no description");
                }
            }
        }
    }

    /// The bounds the document states are literals in `#[schema]` attributes; they must be the
    /// matcher's, which the server checks and the web app's rules are generated from.
    #[test]
    fn the_document_states_the_matchers_bounds() {
        let document = super::openapi_document();
        let schemas = &document["components"]["schemas"];
        let bounds = |property: &serde_json::Value| (property["minimum"].as_f64(), property["maximum"].as_f64());
        let radius = &schemas["JobCriteriaInput"]["properties"]["radius"];
        assert_eq!(bounds(radius), (Some(f64::from(*RADIUS_KM.start())), Some(f64::from(*RADIUS_KM.end()))));
        assert!(radius["description"].as_str().unwrap().contains(&format!("default {DEFAULT_RADIUS_KM}")));
        let search = schemas["SearchCreateRequest"]["allOf"]
            .as_array()
            .unwrap()
            .iter()
            .find_map(|part| part["properties"].get("duration_flexibility"))
            .expect("a search has a duration flexibility");
        assert_eq!(
            bounds(search),
            (
                Some(f64::from(*DURATION_FLEXIBILITY_MONTHS.start())),
                Some(f64::from(*DURATION_FLEXIBILITY_MONTHS.end()))
            )
        );
        for relaxation in matcher::Relaxation::ALL {
            let name = serde_json::to_value(relaxation).unwrap();
            assert!(schemas["Relaxation"]["enum"].as_array().unwrap().contains(&name), "{name} is published");
            assert!(schemas["RelaxCounts"]["properties"].get(name.as_str().unwrap()).is_some(), "{name} is counted");
        }
    }
}
