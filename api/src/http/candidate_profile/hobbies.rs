//! `/api/api/candidate/hobbies`: what the candidate does besides work and studies.
//!
//! Spec section 5: valid when the frequency is given, with at most 3 pictures. The hobby itself
//! (from `/api/api/candidate/hobby/categories`) is required too: a hobby record without one says
//! nothing. A speciality, when given, must be one of that hobby's.

use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use uuid::Uuid;

use super::records::{
    self, CheckContext, Checked, NoFilter, Record, RecordKind, SharedParts, SharedRows, check_pictures,
    check_softskills, reference_id,
};
use super::{NamedItem, PictureView, SoftSkillView};
use crate::error::{Result, RuleCode};
use crate::job_criteria::{List, known_ids};
use crate::validation::Checks;

/// Spec section 9: at most 3 pictures per hobby.
pub const PICTURES: std::ops::RangeInclusive<usize> = 0..=3;

records::record_routes! {
    record: Hobby, request: HobbyRequest, view: HobbyView, filter: NoFilter,
    list: ("/api/api/candidate/hobbies", "list_hobbies", "create_hobby"),
    item: ("/api/api/candidate/hobbies/{id}", "edit_hobby", "delete_hobby"),
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct HobbyRequest {
    /// A hobby's id.
    hobby: Option<i16>,
    /// One of the hobby's specialities (optional).
    speciality: Option<i32>,
    /// A hobby frequency's id.
    frequency: Option<i16>,
    /// A hobby purpose's id (optional).
    purpose: Option<i16>,
    description: Option<String>,
    /// Soft-skill ids, at most 4.
    #[serde(default)]
    softskills: Vec<i16>,
    /// Upload ids of the caller's pictures, in display order: at most 3.
    #[serde(default)]
    pictures: Vec<Uuid>,
}

/// A hobby of the reference list, with its icon and category.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct HobbyItem {
    id: i64,
    name: String,
    icon: String,
    category: HobbyCategoryItem,
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct HobbyCategoryItem {
    id: i64,
    name: String,
    icon: String,
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct HobbyView {
    id: i64,
    hobby: HobbyItem,
    speciality: Option<NamedItem>,
    frequency: NamedItem,
    purpose: Option<NamedItem>,
    description: Option<String>,
    softskills: Vec<SoftSkillView>,
    pictures: Vec<PictureView>,
}

pub struct Hobby;

pub struct HobbyColumns {
    hobby: i16,
    speciality: Option<i32>,
    frequency: i16,
    purpose: Option<i16>,
    description: Option<String>,
}

impl Record for Hobby {
    const KIND: RecordKind = RecordKind::Hobby;
    type Request = HobbyRequest;
    type Own = HobbyColumns;
    type View = HobbyView;
    type Filter = NoFilter;

    async fn check(
        request: &HobbyRequest,
        context: &CheckContext<'_>,
        checks: &mut Checks,
    ) -> Result<Option<Checked<HobbyColumns>>> {
        let reference = context.reference;
        let before = checks.count();
        let hobby = reference_id(checks, reference, List::Hobbies, "hobby", request.hobby);
        if let (Some(hobby), Some(speciality)) = (hobby, request.speciality) {
            let known: bool =
                sqlx::query_scalar("select exists (select 1 from hobby_specialities where id = $1 and hobby_id = $2)")
                    .bind(speciality)
                    .bind(hobby)
                    .fetch_one(&context.state.db)
                    .await?;
            if !known {
                checks.fail("speciality", RuleCode::Unknown);
            }
        }
        let frequency = reference_id(checks, reference, List::HobbyFrequencies, "frequency", request.frequency);
        if let Some(purpose) = request.purpose {
            known_ids(checks, reference, List::HobbyPurposes, "purpose", &[purpose]);
        }
        let description = checks.optional_text("description", request.description.as_deref(), 2000);
        let softskills = check_softskills(checks, reference, &request.softskills, records::SOFT_SKILLS_PER_HOBBY);
        let pictures = check_pictures(context, checks, &request.pictures, PICTURES).await?;
        if checks.count() > before {
            return Ok(None);
        }
        Ok(Some(Checked {
            own: HobbyColumns {
                hobby: hobby.expect("checked"),
                speciality: request.speciality,
                frequency: frequency.expect("checked"),
                purpose: request.purpose,
                description,
            },
            shared: SharedParts { localization: None, car_method: None, softskills, pictures },
        }))
    }

    async fn write(
        connection: &mut PgConnection,
        candidate_id: i64,
        id: Option<i64>,
        own: &HobbyColumns,
        _rows: &SharedRows,
    ) -> sqlx::Result<i64> {
        sqlx::query_scalar(
            "insert into candidate_hobbies (id, candidate_id, hobby_id, hobby_speciality_id, hobby_frequency_id,
                                            hobby_purpose_id, description)
             values (coalesce($1, nextval(pg_get_serial_sequence('candidate_hobbies', 'id'))), $2, $3, $4, $5, $6, $7)
             on conflict (id) do update set
                 hobby_id = excluded.hobby_id, hobby_speciality_id = excluded.hobby_speciality_id,
                 hobby_frequency_id = excluded.hobby_frequency_id, hobby_purpose_id = excluded.hobby_purpose_id,
                 description = excluded.description, updated_at = now()
             returning id",
        )
        .bind(id)
        .bind(candidate_id)
        .bind(own.hobby)
        .bind(own.speciality)
        .bind(own.frequency)
        .bind(own.purpose)
        .bind(&own.description)
        .fetch_one(connection)
        .await
    }

    const ORDER_SQL: &'static str = "r.id";

    fn item_sql() -> String {
        format!(
        "jsonb_build_object(
            'id', r.id, 'description', r.description,
            'hobby', (select jsonb_build_object('id', h.id, 'name', label($2, h.label_fr, h.label_en), 'icon', h.icon,
                                                'category', jsonb_build_object('id', c.id, 'icon', c.icon,
                                                                               'name', label($2, c.label_fr, c.label_en)))
                      from hobbies h join hobby_categories c on c.id = h.hobby_category_id where h.id = r.hobby_id),
            'speciality', {speciality}, 'frequency', {frequency}, 'purpose', {purpose},
            {shared})",
        speciality = records::named_json("hobby_specialities", "r.hobby_speciality_id"),
        frequency = records::named_json("hobby_frequencies", "r.hobby_frequency_id"),
        purpose = records::named_json("hobby_purposes", "r.hobby_purpose_id"),
        shared = records::shared_parts_json(RecordKind::Hobby),
    )
    }
}
