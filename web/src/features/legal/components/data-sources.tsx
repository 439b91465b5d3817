// The data-sources page: where the places, outlines, rivers and countries the app ships come
// from, under which licence (Licence Ouverte 2.0, ODbL 1.0, public domain, LGPL 3.0), and the
// code's own licence with the link to its source. The same list, in more detail, is the
// repository's NOTICE file.
import '../data-sources.css';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { SourceCodeLink } from './source-code-link';

const sources = [
  { key: 'communes', licence: 'licenceOuverte' },
  { key: 'positions', licence: 'licenceOuverte' },
  { key: 'outlines', licence: 'licenceOuverte' },
  { key: 'countries', licence: 'odbl' },
  { key: 'worldOutlines', licence: 'publicDomain' },
  { key: 'rivers', licence: 'lgpl' },
] as const;

const licenceUrls = {
  licenceOuverte: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence',
  odbl: 'https://opendatacommons.org/licenses/odbl/1.0/',
  publicDomain: 'https://www.naturalearthdata.com/about/terms-of-use/',
  lgpl: 'https://www.gnu.org/licenses/lgpl-3.0.html',
} as const;

export function DataSources() {
  const { t } = useTranslation('legal');
  useDocumentTitle(t('dataSources.title'));
  return (
    <section className="container data-sources" data-testid="data-sources">
      <h1 className="page-title">{t('dataSources.title')}</h1>
      <p>{t('dataSources.intro')}</p>
      <ul className="data-sources__list">
        {sources.map(({ key, licence }) => (
          <li key={key}>
            <h2>{t(`dataSources.items.${key}.name`)}</h2>
            <p>{t(`dataSources.items.${key}.what`)}</p>
            <p>
              {t('dataSources.licence')}{' '}
              <a href={licenceUrls[licence]} rel="noopener">
                {t(`dataSources.licences.${licence}`)}
              </a>
            </p>
          </li>
        ))}
      </ul>
      <h2>{t('dataSources.code.title')}</h2>
      <p>{t('dataSources.code.text')}</p>
      <p>
        <SourceCodeLink />
      </p>
    </section>
  );
}
