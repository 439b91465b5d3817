// The placeholder for pages whose feature is not built yet: the page title and a
// short note, so every route of the product already exists and can be linked.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function ComingSoon({ title, description }: { title: string; description?: string }) {
  const { t } = useTranslation('common');
  useDocumentTitle(title);
  return (
    <section className="coming-soon" data-testid="coming-soon">
      <span className="badge">{t('comingSoon.badge')}</span>
      <h1 className="page-title">{title}</h1>
      {description && <p className="coming-soon__description">{description}</p>}
      <p className="coming-soon__text">{t('comingSoon.text')}</p>
      <Link className="button button--secondary" to="/">
        {t('comingSoon.backHome')}
      </Link>
    </section>
  );
}
