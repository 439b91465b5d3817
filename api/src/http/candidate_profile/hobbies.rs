//! `/api/api/candidate/hobbies`: what the candidate does besides work and studies.
//!
//! Spec section 5: valid when the frequency is given, with at most 3 pictures. The hobby itself
//! (from `/api/api/candidate/hobby/categories`) is required too: a hobby record without one says
//! nothing. A speciality, when given, must be one of that hobby's.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::records::{self, CheckContext, CheckOutcome, Checked, NoFilter, Record, RowQuery, SharedParts};
use super::{NamedItem, PictureView, SoftSkillView};
use crate::error::RuleCode;
use crate::job_criteria::{List, known_ids};

/// Spec section 9: at most 3 pictures per hobby.
pub const PICTURES: std::ops::RangeInclusive<usize> = 0..=3;

super::record_routes::record_routes! {
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

pub struct HobbyColumns {
    hobby: i16,
    speciality: Option<i32>,
    frequency: i16,
    purpose: Option<i16>,
    description: Option<String>,
}

impl Record for Hobby {
    type Own = HobbyColumns;
    const COLUMNS: &'static [&'static str] =
        &["hobby_id", "hobby_speciality_id", "hobby_frequency_id", "hobby_purpose_id", "description"];

    async fn check(request: &HobbyRequest, context: &mut CheckContext<'_>) -> CheckOutcome<HobbyColumns> {
        let hobby = context.reference_id(List::Hobbies, "hobby", request.hobby);
        if let (Some(hobby), Some(speciality)) = (hobby, request.speciality) {
            let known: bool =
                sqlx::query_scalar("select exists (select 1 from hobby_specialities where id = $1 and hobby_id = $2)")
                    .bind(speciality)
                    .bind(hobby)
                    .fetch_one(&context.state.db)
                    .await?;
            if !known {
                context.checks.fail("speciality", RuleCode::Unknown);
            }
        }
        let frequency = context.reference_id(List::HobbyFrequencies, "frequency", request.frequency);
        if let Some(purpose) = request.purpose {
            known_ids(&mut context.checks, context.reference, List::HobbyPurposes, "purpose", &[purpose]);
        }
        let description = context.checks.optional_text("description", request.description.as_deref(), 2000);
        let softskills = context.softskills(&request.softskills, records::SOFT_SKILLS_PER_HOBBY);
        let pictures = context.pictures(&request.pictures, PICTURES).await?;
        let (Some(hobby), Some(frequency)) = (hobby, frequency) else {
            return Ok(None);
        };
        Ok(Some(Checked {
            own: HobbyColumns {
                hobby,
                speciality: request.speciality,
                frequency,
                purpose: request.purpose,
                description,
            },
            shared: SharedParts { softskills, pictures, ..SharedParts::default() },
        }))
    }

    fn bind_own<'q>(query: RowQuery<'q>, own: &'q HobbyColumns) -> RowQuery<'q> {
        query.bind(own.hobby).bind(own.speciality).bind(own.frequency).bind(own.purpose).bind(&own.description)
    }

    const ORDER_SQL: &'static str = "r.id";

    fn own_json_sql() -> String {
        format!(
            "'description', r.description,
             'hobby', (select jsonb_build_object('id', h.id, 'name', label($2, h.label_fr, h.label_en), 'icon', h.icon,
                                                 'category', jsonb_build_object('id', c.id, 'icon', c.icon,
                                                                                'name', label($2, c.label_fr, c.label_en)))
                       from hobbies h join hobby_categories c on c.id = h.hobby_category_id where h.id = r.hobby_id),
             'speciality', {speciality}, 'frequency', {frequency}, 'purpose', {purpose}",
            speciality = records::named_json("hobby_specialities", "r.hobby_speciality_id"),
            frequency = records::named_json("hobby_frequencies", "r.hobby_frequency_id"),
            purpose = records::named_json("hobby_purposes", "r.hobby_purpose_id"),
        )
    }
}
