// Fields holding several choices, bound to the form around them: chips over
// a reference list, and a list of places (each removable) with a picker to add
// one more.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReferenceListName } from '@/api/reference-lists/reference-list';
import { FieldsetField } from '@/components/form/field';
import { ReferenceChips } from '@/components/job-criteria/reference-chips';
import { LocalizationPicker } from '@/components/localization-picker/localization-picker';
import type { LocalizationValue } from '@/components/localization-picker/localization-value';
import { CrossButton } from '@/components/ui/cross-button';
import { useContextField } from '@/lib/form/use-context-field';
import { addPlace } from '../utils/job-search-form';

export function ChipsField({ name, list, legend, hint }: { name: string; list: ReferenceListName; legend: string; hint?: string }) {
  const { field, error } = useContextField(name);
  const selected = (field.value as number[] | undefined) ?? [];
  return <ReferenceChips list={list} legend={legend} hint={hint} name={name} selected={selected} onChange={field.onChange} error={error} />;
}

const typeKeys: Record<LocalizationValue['type'], string> = {
  city: 'places.city',
  department: 'places.department',
  region: 'places.region',
  country: 'places.country',
};

export function PlacesField({ name, legend, hint }: { name: string; legend: string; hint?: string }) {
  const { t } = useTranslation('profile');
  const { field, error } = useContextField(name);
  const places = (field.value as LocalizationValue[] | undefined) ?? [];
  // A new picker after each choice, so it starts empty again.
  const [pickerKey, setPickerKey] = useState(0);
  return (
    <FieldsetField className="places-field" name={name} legend={legend} hint={hint} error={error}>
      {places.length > 0 && (
        <ul className="place-list">
          {places.map((place) => (
            <li key={`${place.type}-${place.id}`} className="tag">
              <span>
                {place.value} <span className="visually-hidden">({t(typeKeys[place.type])})</span>
              </span>
              <CrossButton
                label={t('places.remove', { place: place.value })}
                onClick={() => field.onChange(places.filter((other) => other !== place))}
              />
            </li>
          ))}
        </ul>
      )}
      <LocalizationPicker
        key={pickerKey}
        label={t('places.add')}
        placeholder={t('form.placePlaceholder')}
        value={null}
        onChange={(place) => {
          if (!place) return;
          field.onChange(addPlace(places, place));
          setPickerKey((key) => key + 1);
        }}
      />
    </FieldsetField>
  );
}
