// "+62 mobile nationally": the candidates of the search who match through a
// country-wide mobility have no point on the map; the badge over the map
// counts them (for the whole search, not just the page). Hidden when none.
import { useTranslation } from 'react-i18next';

export function CountryWideBadge({ count }: { count: number }) {
  const { t } = useTranslation('map');
  if (count <= 0) return null;
  return (
    <p className="country-wide-badge" data-testid="country-wide-badge">
      <span aria-hidden="true">{t('countryWide.badge', { count })}</span>
      <span className="visually-hidden">{t('countryWide.spoken', { count })}</span>
    </p>
  );
}
