// @vitest-environment jsdom
// A hit card names the candidate; a blind-first candidate comes with initials
// from the server, and the card says the name is hidden. It says which wished
// place matched and how far it is from the search's centre.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import type { SearchHit } from '../api/search-types';
import { CandidatePanel } from './candidate-panel';
import { HitCard } from './hit-card';

const languages = { en: testI18n('en'), fr: testI18n('fr') };

afterEach(cleanup);

const hit = (firstname: string, lastname: string, nameHidden: boolean): SearchHit => ({
  candidate: {
    id: 7, firstname, lastname, name_hidden: nameHidden, headline: null, commune: null, degree: null,
    languages: [], softskills_categories: [], availability: null, contracts: [], slug: null,
  },
  score: 80,
  breakdown: null,
  saved: false,
  new: false,
});

/** A hit whose wished place Lyon (69) lies `distanceKm` from the search's centre. */
const nearLyon = (distanceKm: number): SearchHit => ({
  ...hit('Camille', 'Martin', false),
  candidate: { ...hit('Camille', 'Martin', false).candidate, commune: { name: 'Lyon', department: '69', lat: 45.76, lng: 4.84 } },
  breakdown: {
    proximity: { country_wide: false, distance_km: distanceKm, score: 0.9 },
    proximity_score: 0.9,
    languages: [],
    language_score: null,
    softskills: [],
    softskill_score: null,
    keywords: [],
    keyword_score: null,
  },
});

function renderCard(shown: SearchHit, language: 'en' | 'fr') {
  const noop = vi.fn();
  renderWithProviders(
    <HitCard hit={shown} rank={1} highlighted={false} selected={false} savingBusy={false} onHover={noop} onOpen={noop} onToggleSave={noop} />,
    { i18n: languages[language] },
  );
}

describe('HitCard', () => {
  it('shows the initials of a blind-first candidate and says the name is hidden', async () => {
    renderCard(hit('C.', 'M.', true), 'fr');
    expect(await screen.findByRole('button', { name: 'C. M.' })).toBeTruthy();
    expect(screen.getByText('Nom masqué à sa demande')).toBeTruthy();
  });

  it('shows a name the candidate does not hide, without the note', async () => {
    renderCard(hit('Camille', 'Martin', false), 'en');
    expect(await screen.findByRole('button', { name: 'Camille Martin' })).toBeTruthy();
    expect(screen.queryByTestId('name-hidden')).toBeNull();
  });

  it('says which wished place matched and its distance, in French and in English', async () => {
    renderCard(nearLyon(3.44), 'fr');
    expect((await screen.findByTestId('hit-wished-place')).textContent).toBe('souhaite Lyon (69), à 3,4 km');
    cleanup();
    renderCard(nearLyon(1245), 'en');
    expect((await screen.findByTestId('hit-wished-place')).textContent).toBe('wants Lyon (69), 1,245 km away');
  });

  it('says where the candidate lives apart from the wished place, and nothing for a home abroad', async () => {
    const villeurbanne = { name: 'Villeurbanne', department: '69', lat: 45.77, lng: 4.88 };
    const living = (home: typeof villeurbanne | null): SearchHit => ({ ...nearLyon(3.44), candidate: { ...nearLyon(3.44).candidate, home } });
    renderCard(living(villeurbanne), 'fr');
    expect((await screen.findByTestId('hit-home')).textContent).toBe('habite Villeurbanne (69)');
    expect(screen.getByTestId('hit-wished-place').textContent).toBe('souhaite Lyon (69), à 3,4 km');
    cleanup();
    renderCard(living(villeurbanne), 'en');
    expect((await screen.findByTestId('hit-home')).textContent).toBe('lives in Villeurbanne (69)');
    cleanup();
    renderCard(living(null), 'fr');
    await screen.findByTestId('hit-wished-place');
    expect(screen.queryByTestId('hit-home')).toBeNull();
  });

  it('names the wished place without a distance when the candidate no longer matches', async () => {
    renderCard({ ...nearLyon(3.4), breakdown: null, score: null }, 'fr');
    expect((await screen.findByTestId('hit-wished-place')).textContent).toBe('souhaite Lyon (69)');
  });
});

describe('CandidatePanel', () => {
  it('shows a neutral avatar and the note for a hidden name', async () => {
    renderWithProviders(<CandidatePanel hit={hit('C.', 'M.', true)} busy={false} onClose={vi.fn()} onToggleSave={vi.fn()} />, {
      i18n: languages.en,
    });
    expect(await screen.findByRole('heading', { name: 'C. M.' })).toBeTruthy();
    expect(screen.getByText('Name hidden by the candidate')).toBeTruthy();
    const avatar = screen.getByTestId('candidate-panel').querySelector('.candidate-panel__avatar');
    expect(avatar?.getAttribute('data-name-hidden')).toBe('true');
    expect(avatar?.textContent).toBe('');
  });
});
