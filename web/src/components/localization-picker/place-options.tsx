// The localization picker's suggestions: the listbox its input owns, each
// option saying what kind of place it is, and, when there is none to show,
// why (searching, failed, nothing found) for sighted users (screen readers
// hear it from the picker's live status).
import { useTranslation } from 'react-i18next';
import type { Localization } from '@/api/localizations/get-localizations';
import { describePlace } from './localization-value';

type PlaceOptionsProps = {
  listboxId: string;
  label: string;
  shown: boolean;
  places: readonly Localization[];
  activeIndex: number;
  status: string;
  onActivate: (index: number) => void;
  onChoose: (place: Localization) => void;
};

export function PlaceOptions({ listboxId, label, shown, places, activeIndex, status, onActivate, onChoose }: PlaceOptionsProps) {
  const { t } = useTranslation('common');
  return (
    <>
      <ul className="localization-picker__list" id={listboxId} role="listbox" aria-label={label} hidden={!shown}>
        {places.map((place, index) => (
          // The keyboard stays in the input (arrows and Enter, the combobox pattern): no key handler here.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={`${place.type}-${place.id}`}
            id={`${listboxId}-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            className="localization-picker__option"
            // Keep the focus in the input: choosing must not blur it first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onChoose(place)}
            onMouseMove={() => onActivate(index)}
          >
            <span className="localization-picker__name">{describePlace(place)}</span>
            <span className="localization-picker__type">{t(`localization.types.${place.type}`)}</span>
          </li>
        ))}
      </ul>
      {shown && places.length === 0 && status !== '' && (
        <p className="localization-picker__empty" aria-hidden="true">
          {status}
        </p>
      )}
    </>
  );
}
