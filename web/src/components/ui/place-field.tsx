// Interim place field (until the shared localization picker lands): a text box
// that searches the server's places after a short pause and lists them as
// options; picking one gives the `{value, type, lat, lng, id, country_code}`
// shape the server stores.
import '@/styles/forms.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { api } from '@/lib/api-client';

export type LocalizationValue = {
  value: string;
  type: 'city' | 'department' | 'region' | 'country';
  lat: number;
  lng: number;
  id: string;
  country_code: string;
};

type Place = Omit<LocalizationValue, 'value'> & { name: string; department?: string; department_name?: string };

export type PlaceFieldProps = {
  label: string;
  value: LocalizationValue | null;
  onChange: (value: LocalizationValue | null) => void;
  placeholder?: string;
  error?: string;
  id?: string;
};

export function LocalizationPicker({ label, value, onChange, placeholder, error, id }: PlaceFieldProps) {
  const generated = useId();
  const inputId = id ?? `place-${generated}`;
  const [text, setText] = useState(value?.value ?? '');
  const [debounced, setDebounced] = useState(text);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (value) setText(value.value);
  }, [value]);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text.trim()), 200);
    return () => clearTimeout(timer);
  }, [text]);

  const chosen = value !== null && value.value === text.trim();
  const places = useQuery({
    queryKey: ['localizations', debounced.toLowerCase()],
    queryFn: ({ signal }) => api.get<Place[]>('/api/localizations', { query: { q: debounced, limit: 8 }, signal, silent: true }),
    enabled: debounced !== '' && !chosen,
  });
  const options = open && !chosen ? (places.data ?? []) : [];

  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="place-field">
        <input
          id={inputId}
          className="field__input"
          role="combobox"
          aria-expanded={options.length > 0}
          aria-controls={`${inputId}-list`}
          aria-invalid={error ? true : undefined}
          autoComplete="off"
          placeholder={placeholder}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            if (value !== null) onChange(null);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
        />
        <ul className="place-field__list" id={`${inputId}-list`} role="listbox" hidden={options.length === 0}>
          {options.map((place) => (
            <li
              key={`${place.type}-${place.id}`}
              role="option"
              aria-selected={false}
              className="place-field__option"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                setText(place.name);
                setOpen(false);
                onChange({
                  value: place.name,
                  type: place.type,
                  lat: place.lat,
                  lng: place.lng,
                  id: place.id,
                  country_code: place.country_code,
                });
              }}
            >
              {place.name}
              {place.department ? ` (${place.department})` : ''}
            </li>
          ))}
        </ul>
      </div>
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}
