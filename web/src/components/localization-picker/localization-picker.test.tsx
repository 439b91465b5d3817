// @vitest-environment jsdom
// The place picker: it waits for a pause before searching, is driven by the
// keyboard like an ARIA combobox, and hands back the chosen place in the shape
// of the sign-up call.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Localization } from '@/api/localizations/get-localizations';
import { testI18n } from '@/testing/i18n';
import { jsonResponse } from '@/testing/fetch';
import { LocalizationPicker } from './localization-picker';
import { describePlace, type LocalizationValue } from './localization-value';

const i18n = testI18n('fr');

const lyon: Localization = {
  id: '69123', name: 'Lyon', lat: 45.76, lng: 4.83, type: 'city', postcodes: ['69001'],
  department: '69', department_name: 'Rhône', country_code: 'FR',
};
const rhone: Localization = { id: '69', name: 'Rhône', lat: 45.87, lng: 4.6, type: 'department', department: '69', country_code: 'FR' };
const lybia: Localization = { id: 'LY', name: 'Libye', lat: 26.3, lng: 17.2, type: 'country', country_code: 'LY' };

let fetchMock: ReturnType<typeof vi.fn>;

function respondWith(places: Localization[]) {
  fetchMock.mockImplementation(async () =>
    jsonResponse(200, places),
  );
}

function Harness({ onChange, types }: { onChange: (value: LocalizationValue | null) => void; types?: ('city' | 'country')[] }) {
  const [value, setValue] = useState<LocalizationValue | null>(null);
  return (
    <LocalizationPicker
      label="Ville"
      value={value}
      types={types}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function renderPicker(onChange = vi.fn(), types?: ('city' | 'country')[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <Harness onChange={onChange} types={types} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { input: screen.getByRole('combobox', { name: 'Ville' }), onChange };
}

function searchedQueries(): string[] {
  return fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').searchParams.get('q') ?? '');
}

describe('LocalizationPicker', () => {
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    respondWith([lyon, rhone, lybia]);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('searches once, 200 ms after the last key, with the allowed types', async () => {
    const { input } = renderPicker(vi.fn(), ['city', 'country']);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'L' } });
    fireEvent.change(input, { target: { value: 'Ly' } });
    fireEvent.change(input, { target: { value: 'Lyo' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 120)));
    expect(fetchMock).not.toHaveBeenCalled();
    await screen.findByRole('option', { name: /Lyon — Rhône \(69\)/ });
    expect(searchedQueries()).toEqual(['Lyo']);
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/api/localizations');
    expect(url.searchParams.get('type')).toBe('city,country');
  });

  it('shows each suggestion with its translated type', async () => {
    const { input } = renderPicker();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Ly' } });
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Lyon — Rhône (69)Commune',
      'Rhône (69)Département',
      'LibyePays',
    ]);
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('moves with the arrows, wraps around and picks with Enter', async () => {
    const { input, onChange } = renderPicker();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Ly' } });
    await screen.findAllByRole('option');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    let active = screen.getAllByRole('option')[1];
    expect(active?.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(active?.id);

    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    active = screen.getAllByRole('option')[2];
    expect(active?.getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith({ value: 'Libye', type: 'country', lat: 26.3, lng: 17.2, id: 'LY', country_code: 'LY' });
    expect((input as HTMLInputElement).value).toBe('Libye');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('picks with the mouse too', async () => {
    const { input, onChange } = renderPicker();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Lyon' } });
    fireEvent.click(await screen.findByRole('option', { name: /Lyon/ }));
    expect(onChange).toHaveBeenLastCalledWith({ value: 'Lyon', type: 'city', lat: 45.76, lng: 4.83, id: '69123', country_code: 'FR' });
  });

  it('closes with Escape, then clears the text with a second Escape', async () => {
    const { input } = renderPicker();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Ly' } });
    await screen.findAllByRole('option');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('Ly');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('forgets the chosen place as soon as the text changes', async () => {
    const { input, onChange } = renderPicker();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Lyon' } });
    fireEvent.click(await screen.findByRole('option', { name: /Lyon/ }));
    fireEvent.change(input, { target: { value: 'Lyonn' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('says when nothing matches', async () => {
    respondWith([]);
    const { input } = renderPicker();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Zzz' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Aucun lieu ne correspond à « Zzz ».'));
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('does not search for blank text', async () => {
    const { input } = renderPicker();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '   ' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 260)));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('describePlace', () => {
  it('names communes with their department and departments with their code', () => {
    expect(describePlace(lyon)).toBe('Lyon — Rhône (69)');
    expect(describePlace(rhone)).toBe('Rhône (69)');
    expect(describePlace(lybia)).toBe('Libye');
  });
});
