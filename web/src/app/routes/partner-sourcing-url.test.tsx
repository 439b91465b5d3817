// @vitest-environment jsdom
// The sourcing page and its URL: opened on a URL that holds criteria, a sort
// and a page, it runs that very search on that page (a reload, Back or a link
// sent to a colleague); a change of the criteria is written into the URL once
// it has settled, keeping the saved search the page refines.
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests, setSessionUser } from '@/lib/session';
import { jsonResponse } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { partnerUser } from '@/testing/users';
import { PartnerSourcingPage } from './partner-pages';

vi.mock('@/features/sourcing/components/map/sourcing-map', () => ({ default: () => <div data-testid="sourcing-map" /> }));

const i18n = testI18n('en');
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const criteria =
  'category=7&contracts=1&duration=6&start=2027-01-04&place=city:69123&place_name=Lyon&country=FR&lat=45.76&lng=4.83' +
  '&radius=25&degree=1&soft_skills=5&flexibility=0&sort=distance&page=3';

let searchBodies: Record<string, unknown>[];

function ShownUrl() {
  const location = useLocation();
  return <output data-testid="url">{location.search}</output>;
}

function renderAt(query: string) {
  renderWithProviders(
    <>
      <PartnerSourcingPage />
      <ShownUrl />
    </>,
    { i18n, path: `/dashboard/partenaire/sourcing?${query}` },
  );
}

const shownQuery = () => new URLSearchParams(screen.getByTestId('url').textContent ?? '');

beforeEach(() => {
  setSessionUser(partnerUser);
  searchBodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url).split('?')[0] ?? '';
      if (path === '/api/api/sourcing/searchs' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        searchBodies.push(body);
        return jsonResponse(200, { id: null, search: {}, total: 100, relax: null, relax_values: null, hits: [], limit: 20, offset: body.offset, sort: body.sort });
      }
      if (path === '/api/api/contract/types') return jsonResponse(200, [{ id: 1, name: 'CDI' }]);
      return jsonResponse(200, path === '/api/config' ? {} : []);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetSessionForTests();
});

describe('the sourcing page and its URL', () => {
  it('runs the search its URL holds, on its sort and page', async () => {
    renderAt(criteria);
    await waitFor(() => expect(searchBodies).toHaveLength(1), { timeout: 3000 });
    expect(searchBodies[0]).toMatchObject({
      job_category: 7,
      contracts: [1],
      duration: 6,
      start_at: '2027-01-04',
      localization: { id: '69123', type: 'city', value: 'Lyon', country_code: 'FR', lat: 45.76, lng: 4.83 },
      radius: 25,
      softskills_categories: [5],
      sort: 'distance',
      offset: 40,
    });
    expect((screen.getByLabelText('Duration (months)') as HTMLInputElement).value).toBe('6');
    // nothing changed: the URL stays as it came
    expect(shownQuery().get('page')).toBe('3');
  });

  it('writes a changed criterion into the URL, back on the first page, keeping the saved search it refines', async () => {
    renderAt(`search=9&${criteria}`);
    await waitFor(() => expect(searchBodies).toHaveLength(1), { timeout: 3000 });
    fireEvent.change(screen.getByLabelText('Duration (months)'), { target: { value: '12' } });
    await waitFor(() => expect(shownQuery().get('duration')).toBe('12'), { timeout: 3000 });
    expect(shownQuery().get('search')).toBe('9');
    expect(shownQuery().has('page')).toBe(false);
    expect(shownQuery().get('sort')).toBe('distance');
    await waitFor(() => expect(searchBodies.at(-1)).toMatchObject({ duration: 12, offset: 0 }));
  });
});
