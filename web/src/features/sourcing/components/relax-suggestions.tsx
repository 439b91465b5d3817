// The "what to relax" counts as one-click suggestions above the list.
import { useTranslation } from 'react-i18next';
import type { RelaxCounts, RelaxValues } from '../api/search-types';
import { type RelaxSuggestion, relaxSuggestions, relaxSuggestionText, type Translate } from '../utils/relax';

export function RelaxSuggestions({
  counts,
  values,
  onApply,
}: {
  counts: RelaxCounts | null | undefined;
  values: RelaxValues | null | undefined;
  onApply: (suggestion: RelaxSuggestion) => void;
}) {
  const { t, i18n } = useTranslation('sourcing');
  const suggestions = relaxSuggestions(counts, values);
  if (suggestions.length === 0) return null;
  const translate: Translate = (key, options) => t(key, options);
  return (
    <section className="relax" aria-labelledby="relax-title">
      <h3 className="relax__title" id="relax-title">
        {t('relax.title')}
      </h3>
      <ul className="relax__list">
        {suggestions.map((suggestion) => (
          <li key={suggestion.kind}>
            <button
              type="button"
              className="relax__chip"
              data-testid="relax-suggestion"
              data-kind={suggestion.kind}
              onClick={() => onApply(suggestion)}
            >
              {relaxSuggestionText(suggestion, translate, i18n.resolvedLanguage ?? 'fr')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
