// The 404 page of spec §2 and §8: "Page not found: {path}" for any unknown path.
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  useDocumentTitle(t('notFound.title'));
  return (
    <section className="not-found">
      <p className="not-found__code" aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1 className="page-title" data-testid="not-found">
        {t('notFound.message', { path: pathname })}
      </h1>
      <p className="not-found__hint">{t('notFound.hint')}</p>
      <Link className="button button--primary" to="/">
        {t('notFound.backHome')}
      </Link>
    </section>
  );
}

export default NotFoundPage;
