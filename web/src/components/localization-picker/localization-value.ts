// The place a localization picker holds, in the shape the server expects and
// answers (`Place`), made from a suggestion of the place search, and how a
// suggestion is written: "Lyon — Rhône (69)" for a commune. Kept apart from
// the picker so forms and their rules can name the value without the widget.
import type { Localization } from '@/api/localizations/get-localizations';
import type { Schemas } from '@/api/schemas';

/** The chosen place, in the shape the server expects and answers (`Place`). */
export type LocalizationValue = Schemas['Place'];

/** Form values whose place is chosen, as their checks make them before they are sent. */
export type Located<T> = T & { localization: LocalizationValue };

export function isLocated<T extends { localization: LocalizationValue | null }>(values: T): values is Located<T> {
  return values.localization !== null;
}

export function toLocalizationValue(place: Localization): LocalizationValue {
  return { value: place.name, type: place.type, lat: place.lat, lng: place.lng, id: place.id, country_code: place.country_code };
}

/** "Lyon — Rhône (69)" for a commune, "Rhône (69)" for a department, the name otherwise. */
export function describePlace(place: Localization): string {
  if (place.type === 'department' && place.department) return `${place.name} (${place.department})`;
  if (place.type === 'city' && place.department_name) {
    const code = place.department ? ` (${place.department})` : '';
    return `${place.name} — ${place.department_name}${code}`;
  }
  return place.name;
}
