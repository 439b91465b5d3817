// What a visitor sees at /candidat/{slug} when nobody may read that profile
// there: not shared, deactivated, erased or never existing look the same, as
// the server answers the same 404 for all of them.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function ProfileUnavailable() {
  const { t } = useTranslation('publicProfile');
  useDocumentTitle(t('unavailable.title'));
  return (
    <section className="public-profile public-profile--unavailable" data-testid="profile-unavailable">
      <h1 className="page-title">{t('unavailable.title')}</h1>
      <p>{t('unavailable.description')}</p>
      <Link className="button button--primary" to={paths.home}>
        {t('unavailable.home')}
      </Link>
    </section>
  );
}
