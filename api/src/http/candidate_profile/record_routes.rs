//! The routes of one kind of profile record, written once as a macro: each kind's file names
//! its type, its request and view types, its list filter, its paths and its operation ids, and
//! gets the documented `GET`/`POST` list routes, the `POST`/`DELETE` item routes, and the kind's
//! [`RecordWire`](super::records::RecordWire), all calling the generic functions of
//! [`records`](super::records).

/// A kind of record's type, its `RecordWire`, and its four routes, documented: `GET` and `POST`
/// on the list path, `POST` (edit) and `DELETE` on the item path, each a thin call into
/// `records::list`, `records::save` and `records::delete`.
macro_rules! record_routes {
    (
        record: $record:ident, request: $request:ty, view: $view:ty, filter: $filter:ty,
        list: ($list_path:literal, $list_id:literal, $create_id:literal),
        item: ($item_path:literal, $edit_id:literal, $delete_id:literal) $(,)?
    ) => {
        use super::records::SavedRecord;

        pub struct $record;

        impl super::records::RecordWire for $record {
            const KIND: super::records::RecordKind = super::records::RecordKind::$record;
            type Request = $request;
            type View = $view;
            type Filter = $filter;
        }

        pub fn routes(table: &mut $crate::http::routes::RouteTable) {
            let candidate = $crate::http::routes::Access::Only($crate::auth::Role::Candidate);
            table.add(candidate, utoipa_axum::routes!(list_records));
            table.add(candidate, utoipa_axum::routes!(create_record));
            table.add(candidate, utoipa_axum::routes!(edit_record));
            table.add(candidate, utoipa_axum::routes!(delete_record));
        }

        /// The caller's records, current ones first, then by start date, latest first.
        #[utoipa::path(
            get, path = $list_path, operation_id = $list_id, params($filter),
            responses((status = 200, body = Vec<$view>))
        )]
        pub async fn list_records(
            axum::extract::State(state): axum::extract::State<$crate::app::AppState>,
            user: $crate::auth::CurrentUser,
            locale: $crate::http::locale::Locale,
            $crate::extract::Query(filter): $crate::extract::Query<$filter>,
        ) -> $crate::error::Result<$crate::extract::Json<Vec<$view>>> {
            super::records::list::<$record>(&state, user, locale, &filter).await
        }

        /// Adds a record to the caller's profile; answers it with the profile's completion.
        #[utoipa::path(
            post, path = $list_path, operation_id = $create_id, request_body = $request,
            responses(
                (status = 201, body = SavedRecord<$view>),
                (status = 422, body = $crate::error::ErrorBody, description = "the fields and the rules they broke"),
            )
        )]
        pub async fn create_record(
            axum::extract::State(state): axum::extract::State<$crate::app::AppState>,
            user: $crate::auth::CurrentUser,
            locale: $crate::http::locale::Locale,
            $crate::extract::Json(request): $crate::extract::Json<$request>,
        ) -> $crate::error::Result<(axum::http::StatusCode, $crate::extract::Json<super::records::SavedRecord<$view>>)>
        {
            super::records::save::<$record>(&state, user, locale, None, &request).await
        }

        /// Replaces a record of the caller's (every field, as on creation).
        #[utoipa::path(
            post, path = $item_path, operation_id = $edit_id, request_body = $request,
            params(("id" = i64, Path, description = "the record's id")),
            responses(
                (status = 200, body = SavedRecord<$view>),
                (status = 404, body = $crate::error::ErrorBody, description = "no such record among the caller's"),
                (status = 422, body = $crate::error::ErrorBody, description = "the fields and the rules they broke"),
            )
        )]
        pub async fn edit_record(
            axum::extract::State(state): axum::extract::State<$crate::app::AppState>,
            user: $crate::auth::CurrentUser,
            locale: $crate::http::locale::Locale,
            $crate::extract::Path(id): $crate::extract::Path<i64>,
            $crate::extract::Json(request): $crate::extract::Json<$request>,
        ) -> $crate::error::Result<(axum::http::StatusCode, $crate::extract::Json<super::records::SavedRecord<$view>>)>
        {
            super::records::save::<$record>(&state, user, locale, Some(id), &request).await
        }

        /// Deletes a record of the caller's, with its place, CAR method, soft skills and links to
        /// pictures (the pictures stay among the caller's uploads).
        #[utoipa::path(
            delete, path = $item_path, operation_id = $delete_id,
            params(("id" = i64, Path, description = "the record's id")),
            responses(
                (status = 200, body = super::records::CompletionResponse),
                (status = 404, body = $crate::error::ErrorBody, description = "no such record among the caller's"),
            )
        )]
        pub async fn delete_record(
            axum::extract::State(state): axum::extract::State<$crate::app::AppState>,
            user: $crate::auth::CurrentUser,
            $crate::extract::Path(id): $crate::extract::Path<i64>,
        ) -> $crate::error::Result<$crate::extract::Json<super::records::CompletionResponse>> {
            super::records::delete::<$record>(&state, user, id).await
        }
    };
}
pub(super) use record_routes;
