//! Pictures people upload (a profile picture; education, project and hobby pictures; a school's
//! images): `POST /api/api/uploads` stores one, `GET /api/uploads/{id}` serves it.
//!
//! An upload is judged by its content, never by its file name or declared type: the first bytes
//! must be those of a JPEG, PNG or WebP picture, and the picture must decode whole (at most
//! [`MAX_SIDE_PIXELS`] a side and [`MAX_PIXELS`] in all before resizing, read from its header
//! before anything is decoded; at most [`CONCURRENT_DECODES`] decoded at once, as each takes
//! hundreds of megabytes and a core for a second or more). It is then turned upright by its EXIF
//! orientation, shrunk to at most [`SERVED_SIDE_PIXELS`] a side and encoded afresh (JPEG, or
//! lossless WebP when it has transparency), so no byte a client sent is ever served back: a
//! polyglot file (a picture that is also HTML or a script) loses its other half. Files over
//! [`MAX_UPLOAD_BYTES`] are refused with 413 before they are read whole. Pictures live in
//! Postgres (`uploads.data`), so every server replica serves them.
//!
//! Who may see a picture: its owner; and anyone who may read the profile of a candidate showing
//! it (as profile picture or on a record), by the rule of `GET /api/api/candidates/{id}`
//! (`candidates::authorize_read`): everyone for a shared profile, the candidate's school, a
//! partner who saved them; but a partner never sees the profile picture of a candidate who hides
//! it from them (`blind_first`). Anyone else gets 404, whether the picture exists or not.
//!
//! Answers are `private, no-cache` with a strong `ETag` (the SHA-256 of the stored bytes): a
//! browser keeps its copy but asks again at each use, and the question is judged like a first
//! fetch, so a profile unshared (or a partner who lost access) gets 404, never a 304 that would
//! let the cached copy show. An upload's id never names other bytes, so a 304 to who may still see
//! it costs one small answer, not the picture. (`immutable` for a year, as before, kept a picture
//! on screen long after its candidate stopped sharing it.) Pictures carry `X-Robots-Tag: noindex`,
//! as every part of a profile: no profile is indexed by search engines (see the README).

use std::io::Cursor;

use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use uuid::Uuid;

use super::super::candidates::{NOT_FOR_SEARCH_ENGINES, authorize_read};
use super::super::routes::{Access, RouteTable};
use crate::app::AppState;
use crate::auth::{CurrentUser, Role};
use crate::error::{Error, ErrorCode, Result, RuleCode};
use crate::extract::{Json, Path};

/// Spec-free limit of ours: larger files are photos a phone can shrink first.
pub const MAX_UPLOAD_BYTES: usize = 5 * 1024 * 1024;
/// Room for the multipart envelope around the file.
const MULTIPART_OVERHEAD_BYTES: usize = 64 * 1024;
/// Pictures larger than this a side are refused before decoding (a decompression bomb is small).
pub const MAX_SIDE_PIXELS: u32 = 12_000;
/// Pictures of more pixels than this are refused before decoding: a 50-megapixel photo, the
/// largest a phone takes, and 200 MB once decoded.
pub const MAX_PIXELS: u64 = 50_000_000;
/// Pictures decoded at once by one server; the others wait their turn.
pub const CONCURRENT_DECODES: usize = 2;
static DECODES: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(CONCURRENT_DECODES);
/// What a picture is shrunk to before it is stored.
pub const SERVED_SIDE_PIXELS: u32 = 1600;
const JPEG_QUALITY: u8 = 85;

/// SQL of an upload (`u`) as a [`PictureView`].
pub const PICTURE_JSON_SQL: &str =
    "jsonb_build_object('id', u.id, 'url', '/api/uploads/' || u.id, 'width', u.width, 'height', u.height)";

pub fn routes(table: &mut RouteTable) {
    let (schemas, paths, method_router) = utoipa_axum::routes!(upload_picture);
    let method_router = method_router.layer(DefaultBodyLimit::max(MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES));
    table.add(Access::OneOf(&[Role::Candidate, Role::School]), (schemas, paths, method_router));
    table.add(Access::PublicWithSession, utoipa_axum::routes!(get_upload));
}

/// A stored picture, as records and profiles show it.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PictureView {
    pub id: Uuid,
    /// Where to fetch it: `/api/uploads/{id}`.
    pub url: String,
    pub width: Option<i32>,
    pub height: Option<i32>,
}

/// The multipart form of an upload (documentation only: the handler reads the stream).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct UploadForm {
    /// A JPEG, PNG or WebP picture of at most 5 MB.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// A picture ready to store.
struct Encoded {
    bytes: Vec<u8>,
    content_type: &'static str,
    width: u32,
    height: u32,
}

/// Decodes `bytes` as a JPEG, PNG or WebP picture and encodes it afresh (see the module doc).
fn reencode(bytes: &[u8]) -> std::result::Result<Encoded, RuleCode> {
    let format = image::guess_format(bytes).map_err(|_| RuleCode::UnsupportedFileType)?;
    if !matches!(format, ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP) {
        return Err(RuleCode::UnsupportedFileType);
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE_PIXELS);
    limits.max_image_height = Some(MAX_SIDE_PIXELS);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(|_| RuleCode::UnreadableImage)?;
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(RuleCode::UnreadableImage);
    }
    let orientation = decoder.orientation().map_err(|_| RuleCode::UnreadableImage)?;
    let mut picture = DynamicImage::from_decoder(decoder).map_err(|_| RuleCode::UnreadableImage)?;
    picture.apply_orientation(orientation);
    if picture.width() > SERVED_SIDE_PIXELS || picture.height() > SERVED_SIDE_PIXELS {
        picture = picture.resize(SERVED_SIDE_PIXELS, SERVED_SIDE_PIXELS, image::imageops::FilterType::Lanczos3);
    }
    let mut encoded = Vec::new();
    let content_type = if picture.color().has_alpha() {
        let encoder = image::codecs::webp::WebPEncoder::new_lossless(&mut encoded);
        DynamicImage::ImageRgba8(picture.to_rgba8())
            .write_with_encoder(encoder)
            .map_err(|_| RuleCode::UnreadableImage)?;
        "image/webp"
    } else {
        let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut encoded, JPEG_QUALITY);
        DynamicImage::ImageRgb8(picture.to_rgb8())
            .write_with_encoder(encoder)
            .map_err(|_| RuleCode::UnreadableImage)?;
        "image/jpeg"
    };
    Ok(Encoded { bytes: encoded, content_type, width: picture.width(), height: picture.height() })
}

fn multipart_error(error: axum::extract::multipart::MultipartError) -> Error {
    let status = error.status();
    let code =
        if status == StatusCode::PAYLOAD_TOO_LARGE { ErrorCode::PayloadTooLarge } else { ErrorCode::InvalidBody };
    Error::Rejected { status, code, message: error.body_text() }
}

fn too_large() -> Error {
    Error::Rejected {
        status: StatusCode::PAYLOAD_TOO_LARGE,
        code: ErrorCode::PayloadTooLarge,
        message: format!("a picture may weigh at most {MAX_UPLOAD_BYTES} bytes"),
    }
}

/// Stores a picture of the caller's. The answer's `id` is what records (`pictures`) and the
/// profile (`profile_picture`) refer to.
#[utoipa::path(
    post, path = "/api/api/uploads", request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, body = PictureView),
        (status = 413, body = crate::error::ErrorBody, description = "payload_too_large: over 5 MB"),
        (status = 422, body = crate::error::ErrorBody, description = "file: required, unsupported_file_type, unreadable_image"),
    )
)]
pub async fn upload_picture(
    State(state): State<AppState>,
    user: CurrentUser,
    multipart: std::result::Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Result<(StatusCode, Json<PictureView>)> {
    let mut multipart = multipart.map_err(|rejection| Error::Rejected {
        status: rejection.status(),
        code: ErrorCode::InvalidBody,
        message: rejection.body_text(),
    })?;
    let mut file = None;
    while let Some(field) = multipart.next_field().await.map_err(multipart_error)? {
        if field.name() == Some("file") {
            file = Some(field.bytes().await.map_err(multipart_error)?);
            break;
        }
    }
    let file = file.ok_or_else(|| Error::invalid("file", RuleCode::Required))?;
    if file.len() > MAX_UPLOAD_BYTES {
        return Err(too_large());
    }
    let _turn = DECODES.acquire().await.map_err(|error| Error::Internal(error.into()))?;
    let encoded = tokio::task::spawn_blocking(move || reencode(&file))
        .await
        .map_err(|error| Error::Internal(error.into()))?
        .map_err(|rule| Error::invalid("file", rule))?;
    let id = Uuid::new_v4();
    let (width, height) = (encoded.width as i32, encoded.height as i32);
    sqlx::query(
        "insert into uploads (id, owner_user_id, content_type, byte_size, sha256, data, width, height)
         values ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(id)
    .bind(user.id)
    .bind(encoded.content_type)
    .bind(encoded.bytes.len() as i32)
    .bind(Sha256::digest(&encoded.bytes).to_vec())
    .bind(&encoded.bytes)
    .bind(width)
    .bind(height)
    .execute(&state.db)
    .await?;
    let url = format!("/api/uploads/{id}");
    Ok((StatusCode::CREATED, Json(PictureView { id, url, width: Some(width), height: Some(height) })))
}

#[derive(sqlx::FromRow)]
struct StoredUpload {
    owner_user_id: Option<i64>,
    content_type: String,
    sha256: Vec<u8>,
    /// The slugs of the candidates whose profile shows the picture.
    shown_by: Vec<String>,
}

/// How a picture is cached: kept by the browser alone, and asked again at each use (see the
/// module doc).
const PICTURE_CACHING: &str = "private, no-cache";

/// The strong entity tag of a picture: its SHA-256, which names its bytes.
fn entity_tag(sha256: &[u8]) -> String {
    format!("\"{}\"", sha256.iter().map(|byte| format!("{byte:02x}")).collect::<String>())
}

/// Whether the client's `If-None-Match` names `entity_tag` (or any version, `*`): its copy is
/// current. The comparison is weak, as RFC 9110 (13.1.2) has it for this header.
fn client_copy_is_current(request_headers: &HeaderMap, entity_tag: &str) -> bool {
    let Some(tags) = request_headers.get(header::IF_NONE_MATCH).and_then(|tags| tags.to_str().ok()) else {
        return false;
    };
    tags.split(',').map(|tag| tag.trim().trim_start_matches("W/")).any(|tag| tag == entity_tag || tag == "*")
}

/// Serves a picture to whoever may see it (see the module doc); a revalidation of a current copy
/// is a 304, once the caller is known to still see it.
#[utoipa::path(
    get, path = "/api/uploads/{id}",
    params(("id" = Uuid, Path, description = "the upload's id")),
    responses(
        (status = 200, content_type = "image/jpeg", description = "the picture (image/jpeg or image/webp), `private, no-cache` with a strong ETag"),
        (status = 304, description = "the caller may still see the picture and holds its current copy (If-None-Match)"),
        (status = 404, body = crate::error::ErrorBody, description = "no such picture, or not visible to the caller"),
    )
)]
pub async fn get_upload(
    State(state): State<AppState>,
    caller: Option<CurrentUser>,
    request_headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response> {
    let id = Uuid::parse_str(&id).map_err(|_| Error::NotFound)?;
    let upload: StoredUpload = sqlx::query_as(
        "select u.owner_user_id, u.content_type, u.sha256,
                -- by slug: the name under which a shared profile is public
                array(select s.slug from candidates s where s.user_id in (
                      select c.user_id from candidates c join users p on p.id = c.user_id where p.profile_picture_id = u.id
                      union select e.candidate_id from education_pictures x join educations e on e.id = x.education_id
                            where x.upload_id = u.id
                      union select r.candidate_id from project_pictures x join projects r on r.id = x.project_id
                            where x.upload_id = u.id
                      union select h.candidate_id from candidate_hobby_pictures x
                            join candidate_hobbies h on h.id = x.candidate_hobby_id where x.upload_id = u.id)) as shown_by
         from uploads u where u.id = $1",
    )
    .bind(id)
    .fetch_optional(&state.db)
    .await?
    .ok_or(Error::NotFound)?;
    let mut visible = caller.is_some_and(|user| Some(user.id) == upload.owner_user_id);
    for slug in &upload.shown_by {
        if visible {
            break;
        }
        visible = authorize_read(&state.db, caller, slug).await.is_ok();
    }
    if visible && !upload.shown_by.is_empty() {
        visible = !portrait_hidden_from(&state.db, caller, id).await?;
    }
    if !visible {
        return Err(Error::NotFound);
    }
    let entity_tag = entity_tag(&upload.sha256);
    let headers = [
        (header::ETAG, HeaderValue::from_str(&entity_tag).map_err(|error| Error::Internal(error.into()))?),
        (header::CACHE_CONTROL, HeaderValue::from_static(PICTURE_CACHING)),
        NOT_FOR_SEARCH_ENGINES,
    ];
    if client_copy_is_current(&request_headers, &entity_tag) {
        return Ok((StatusCode::NOT_MODIFIED, headers).into_response());
    }
    // the bytes are read only when they are sent: most answers are 304s
    let data: Vec<u8> =
        sqlx::query_scalar("select data from uploads where id = $1").bind(id).fetch_one(&state.db).await?;
    let content_type = HeaderValue::from_str(&upload.content_type).map_err(|error| Error::Internal(error.into()))?;
    Ok((
        headers,
        [(header::CONTENT_TYPE, content_type), (header::CONTENT_DISPOSITION, HeaderValue::from_static("inline"))],
        data,
    )
        .into_response())
}

/// Whether upload `id` is the profile picture of a candidate who hides their name and picture
/// from `caller`, a partner they have not let see them yet (`blind_first`).
async fn portrait_hidden_from(db: &sqlx::PgPool, caller: Option<CurrentUser>, id: Uuid) -> Result<bool> {
    let Some(partner) = caller.filter(|user| user.role == Role::Partner) else {
        return Ok(false);
    };
    Ok(sqlx::query_scalar(
        "select exists (select 1 from users p where p.profile_picture_id = $1 and not partner_may_see_name(p.id, $2))",
    )
    .bind(id)
    .bind(partner.id)
    .fetch_one(db)
    .await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG whose header says `width` × `height` (its one row of data does not matter: the
    /// header is judged first).
    fn png_saying(width: u32, height: u32) -> Vec<u8> {
        let mut small = Vec::new();
        DynamicImage::new_luma8(1, 1).write_to(&mut Cursor::new(&mut small), ImageFormat::Png).unwrap();
        // IHDR: 8 bytes of signature, 4 of length, 4 of type, then width and height, then its CRC
        small[16..20].copy_from_slice(&width.to_be_bytes());
        small[20..24].copy_from_slice(&height.to_be_bytes());
        let crc = crc32(&small[12..29]);
        small[29..33].copy_from_slice(&crc.to_be_bytes());
        small
    }

    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xFFFF_FFFF_u32;
        for &byte in bytes {
            crc ^= u32::from(byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
            }
        }
        !crc
    }

    #[test]
    fn a_picture_of_too_many_pixels_is_refused_from_its_header() {
        let reencoded = reencode(&png_saying(1, 1)).map(|picture| (picture.width, picture.height));
        assert_eq!(reencoded, Ok((1, 1)), "the header patch keeps a valid PNG");
        assert_eq!(reencode(&png_saying(10_000, 10_000)).err(), Some(RuleCode::UnreadableImage), "100 megapixels");
        assert_eq!(reencode(&png_saying(13_000, 10)).err(), Some(RuleCode::UnreadableImage), "a side too long");
    }
}
