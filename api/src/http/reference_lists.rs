//! The reference lists of spec section 7 (degrees, contract types, languages, soft skills...),
//! one generic handler driven by a table of list descriptions rather than twenty look-alike
//! handlers.
//!
//! Labels come in the caller's language (`locale` cookie, else `Accept-Language`) as `name`;
//! `?labels=all` adds `name_fr` and `name_en` for clients that show both. Responses carry an
//! ETag computed from the body and are revalidated with `If-None-Match` (304), so the web app's
//! cache costs one small round trip after the first load.
//!
//! The project category lists also hold the proposals of the caller (see
//! [`super::project_categories`]): their filter names the caller as `$4`, their routes read the
//! session, and a logged-in caller's copy is private to their browser.

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::openapi::path::{HttpMethod, Operation, OperationBuilder, Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::openapi::{Required, ResponseBuilder};

use super::locale::Locale;
use super::routes::{Access, RouteTable};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::{Error, Result, RuleCode};
use crate::extract::{Path, Query};
use sqlx::AssertSqlSafe;

/// How to read one list: its table, the extra fields of an item, and its order.
struct ListDescription {
    /// Path under `/api` (the spec's inner `/api` included).
    path: &'static str,
    table: &'static str,
    /// Restricts the rows (`kind = 'academic'`); `true` for all. `$4`, when used, is the caller's
    /// user id (null for an anonymous visitor).
    filter: &'static str,
    /// `(json key, SQL expression)`; `$1` is the caller's language code, `t` the row.
    fields: &'static [(&'static str, &'static str)],
    order_by: &'static str,
    /// Whether `path/{id}` answers one item.
    by_id: bool,
}

const CODE: (&str, &str) = ("code", "t.code");
const DESCRIPTION: (&str, &str) = ("description", "label($1, t.description_fr, t.description_en)");

const LISTS: &[ListDescription] = &[
    ListDescription {
        path: "/api/candidate/types",
        table: "candidate_types",
        filter: "true",
        fields: &[CODE],
        order_by: "t.id",
        by_id: false,
    },
    ListDescription {
        path: "/api/candidate/degrees",
        table: "degrees",
        filter: "true",
        fields: &[("level", "t.level")],
        order_by: "t.level",
        by_id: true,
    },
    ListDescription {
        path: "/api/candidate/project/academic/categories",
        table: "project_categories",
        filter: "t.kind = 'academic' and (t.author_user_id is null or t.author_user_id = $4)",
        fields: &[("picture", "t.picture")],
        order_by: "t.label_fr collate human_order",
        by_id: true,
    },
    ListDescription {
        path: "/api/candidate/project/personal/categories",
        table: "project_categories",
        filter: "t.kind = 'personal' and (t.author_user_id is null or t.author_user_id = $4)",
        fields: &[("picture", "t.picture")],
        order_by: "t.label_fr collate human_order",
        by_id: true,
    },
    ListDescription {
        path: "/api/candidate/education/specializations",
        table: "education_specializations",
        filter: "true",
        fields: &[],
        order_by: "label($1, t.label_fr, t.label_en) collate human_order",
        by_id: true,
    },
    ListDescription {
        path: "/api/candidate/hobby/specialities",
        table: "hobby_specialities",
        filter: "true",
        fields: &[("icon", "t.icon"), ("hobby", "t.hobby_id")],
        order_by: "t.hobby_id, t.id",
        by_id: false,
    },
    ListDescription {
        path: "/api/candidate/hobby/categories",
        table: "hobby_categories",
        filter: "true",
        fields: &[
            ("icon", "t.icon"),
            ("question", "label($1, t.question_fr, t.question_en)"),
            (
                "hobbies",
                "(select coalesce(jsonb_agg(jsonb_build_object('id', h.id, 'icon', h.icon, 'name', label($1, h.label_fr, h.label_en),
                    'specialities', (select coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'icon', s.icon,
                        'name', label($1, s.label_fr, s.label_en)) order by s.id), '[]') from hobby_specialities s where s.hobby_id = h.id))
                  order by h.id), '[]') from hobbies h where h.hobby_category_id = t.id)",
            ),
        ],
        order_by: "t.id",
        by_id: false,
    },
    ListDescription {
        path: "/api/candidate/hobby/frequencies",
        table: "hobby_frequencies",
        filter: "true",
        fields: &[CODE],
        order_by: "t.id",
        by_id: false,
    },
    ListDescription {
        path: "/api/candidate/hobby/purposes",
        table: "hobby_purposes",
        filter: "true",
        fields: &[CODE],
        order_by: "t.id",
        by_id: false,
    },
    ListDescription {
        path: "/api/company/types",
        table: "company_types",
        filter: "true",
        fields: &[CODE],
        order_by: "t.id",
        by_id: false,
    },
    ListDescription {
        path: "/api/job/categories",
        table: "job_categories",
        filter: "true",
        fields: &[CODE],
        order_by: "label($1, t.label_fr, t.label_en) collate human_order",
        by_id: false,
    },
    ListDescription {
        path: "/api/jobs",
        table: "jobs",
        filter: "true",
        fields: &[("job_category", "t.job_category_id")],
        order_by: "label($1, t.label_fr, t.label_en) collate human_order",
        by_id: true,
    },
    ListDescription {
        path: "/api/contract/types",
        table: "contract_types",
        filter: "true",
        // permanent: a job on it has no end, so no duration (migration 0039)
        fields: &[CODE, ("permanent", "t.permanent")],
        order_by: "t.id",
        by_id: true,
    },
    ListDescription {
        path: "/api/contract/hourly-schemes",
        table: "contract_hourly_schemes",
        filter: "true",
        fields: &[CODE],
        order_by: "t.id",
        by_id: false,
    },
    ListDescription {
        path: "/api/languages",
        table: "languages",
        filter: "true",
        fields: &[CODE, ("flag", "t.flag")],
        order_by: "label($1, t.label_fr, t.label_en) collate human_order",
        by_id: false,
    },
    ListDescription {
        path: "/api/softskill/categories",
        table: "soft_skill_categories",
        filter: "true",
        fields: &[
            CODE,
            ("icon", "t.icon"),
            DESCRIPTION,
            (
                "softskills",
                "(select coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'name', label($1, s.label_fr, s.label_en),
                    'description', label($1, s.description_fr, s.description_en)) order by s.id), '[]')
                  from soft_skills s where s.soft_skill_category_id = t.id)",
            ),
        ],
        order_by: "t.id",
        by_id: false,
    },
    ListDescription {
        path: "/api/school/types",
        table: "school_types",
        filter: "true",
        fields: &[CODE],
        order_by: "t.id",
        by_id: false,
    },
    ListDescription {
        path: "/api/school/parcours",
        table: "parcours",
        filter: "true",
        fields: &[CODE],
        order_by: "t.id",
        by_id: false,
    },
];

impl ListDescription {
    /// Whether the rows depend on who asks.
    fn depends_on_the_caller(&self) -> bool {
        self.filter.contains("$4")
    }

    fn access(&self) -> Access {
        if self.depends_on_the_caller() { Access::PublicWithSession } else { Access::Public }
    }

    /// The query of the list (`$1` language, `$2` both labels?, `$3` one id or null).
    fn sql(&self) -> String {
        let fields: String = self.fields.iter().map(|(key, expression)| format!(", '{key}', {expression}")).collect();
        format!(
            "select coalesce(jsonb_agg(item order by position), '[]') from (
                select row_number() over (order by {order_by}) as position,
                       jsonb_build_object('id', t.id, 'name', label($1, t.label_fr, t.label_en){fields})
                       || case when $2 then jsonb_build_object('name_fr', t.label_fr, 'name_en', t.label_en) else '{{}}' end
                       as item
                from {table} t where ({filter}) and ($3::bigint is null or t.id = $3)
            ) items",
            order_by = self.order_by,
            table = self.table,
            filter = self.filter,
        )
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct LabelsQuery {
    /// `all` adds `name_fr` and `name_en` to every item.
    labels: Option<String>,
}

pub fn routes(table: &mut RouteTable) {
    for list in LISTS {
        let handler = move |state: State<AppState>,
                            caller: Option<CurrentUser>,
                            locale: Locale,
                            query: Query<LabelsQuery>,
                            headers: HeaderMap,
                            id: Option<Path<i64>>| {
            list_items(state, caller, locale, query, headers, list, id.map(|Path(id)| id))
        };
        let path = format!("/api{}", list.path);
        table.add_generated(HttpMethod::Get, &path, list.access(), list_operation(list), handler);
        if list.by_id {
            let item_path = format!("{path}/{{id}}");
            table.add_generated(HttpMethod::Get, &item_path, list.access(), item_operation(list), handler);
        }
    }
}

async fn list_items(
    State(state): State<AppState>,
    caller: Option<CurrentUser>,
    locale: Locale,
    Query(query): Query<LabelsQuery>,
    request_headers: HeaderMap,
    list: &'static ListDescription,
    id: Option<i64>,
) -> Result<Response> {
    let both_labels = match query.labels.as_deref() {
        None => false,
        Some("all") => true,
        Some(_) => return Err(Error::invalid("labels", RuleCode::OneOfAll)),
    };
    let sql = list.sql();
    let mut query = sqlx::query_scalar(AssertSqlSafe(&*sql)).bind(locale.code()).bind(both_labels).bind(id);
    if list.depends_on_the_caller() {
        query = query.bind(caller.map(|user| user.id));
    }
    let items: serde_json::Value = query.fetch_one(&state.db).await?;
    let body = match id {
        None => items,
        Some(_) => items.as_array().and_then(|found| found.first().cloned()).ok_or(Error::NotFound)?,
    };
    let mut response = cacheable_json(&request_headers, body.to_string());
    if list.depends_on_the_caller() && caller.is_some() {
        // the caller's own proposals are in it: no shared cache may keep it
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-cache"));
    }
    Ok(response)
}

/// A JSON response with an ETag, or 304 when the client already holds this body.
pub fn cacheable_json(request_headers: &HeaderMap, body: String) -> Response {
    let etag = format!("\"{:016x}\"", fnv1a(body.as_bytes()));
    let etag_value = HeaderValue::from_str(&etag).expect("hex is a valid header value");
    let common_headers = [
        (header::ETAG, etag_value),
        (header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=300")),
        (header::VARY, HeaderValue::from_static("accept-language, cookie")),
    ];
    let client_has_it = request_headers
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|tags| tags.split(',').any(|tag| tag.trim() == etag));
    if client_has_it {
        return (StatusCode::NOT_MODIFIED, common_headers).into_response();
    }
    (common_headers, [(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], body).into_response()
}

/// 64-bit FNV-1a: stable across processes, so every replica gives a body the same ETag.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3))
}

// The routes are generated from [`LISTS`], so their documentation is too.

fn labels_parameter() -> Parameter {
    ParameterBuilder::new()
        .name("labels")
        .parameter_in(ParameterIn::Query)
        .required(Required::False)
        .schema(Some(ObjectBuilder::new().schema_type(Type::String).enum_values(Some(["all"]))))
        .description(Some("`all` adds name_fr and name_en to every item"))
        .build()
}

fn items_response() -> utoipa::openapi::Response {
    ResponseBuilder::new().description("items with `id` and `name` in the caller's language; ETag set").build()
}

fn list_operation(list: &ListDescription) -> Operation {
    OperationBuilder::new()
        .tag("reference lists")
        .summary(Some(format!("List {}", list.table.replace('_', " "))))
        .parameter(labels_parameter())
        .response("200", items_response())
        .response("304", ResponseBuilder::new().description("not modified since the ETag sent").build())
        .build()
}

fn item_operation(list: &ListDescription) -> Operation {
    let id = ParameterBuilder::new()
        .name("id")
        .parameter_in(ParameterIn::Path)
        .required(Required::True)
        .schema(Some(
            ObjectBuilder::new().schema_type(Type::Integer).format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64))),
        ))
        .build();
    OperationBuilder::new()
        .tag("reference lists")
        .summary(Some(format!("One item of {}", list.table.replace('_', " "))))
        .parameter(id)
        .parameter(labels_parameter())
        .response("200", items_response())
        .response("304", ResponseBuilder::new().description("not modified since the ETag sent").build())
        .response("404", ResponseBuilder::new().description("no such item").build())
        .build()
}
