// @vitest-environment jsdom
// The criteria sections shared by the sourcing search and the job offer: they
// read their reference lists, write the shared field names of any form, show a
// field's error under it (tied by aria-describedby), and say the "language or
// soft-skill family" rule once, under the families.
import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rulesSchema } from '@/lib/form/rules-schema';
import { testI18n } from '@/testing/i18n';
import { stubListServer } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';
import { ContractsField, ContractTypeField } from './contract-fields';
import { defaultJobCriteria, type JobCriteriaValues } from './criteria-values';
import { JobCategoryField } from './job-category-field';
import { PeriodFields } from './period-fields';
import { DegreeField, LanguagesField, SoftskillCategoriesField } from './profile-fields';

const i18n = testI18n('fr');
// The machine may be busy: give the lists time to arrive.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

type Values = JobCriteriaValues & { contracts: number[]; contractType: number | null };

const lists: Record<string, unknown[]> = {
  '/api/api/job/categories': [{ id: 7, name: 'Informatique' }],
  '/api/api/contract/types': [{ id: 1, name: 'CDI' }, { id: 2, name: 'Stage' }],
  '/api/api/candidate/degrees': [{ id: 1, name: 'Bac', level: 1 }, { id: 2, name: 'Licence', level: 3 }],
  '/api/api/languages': [{ id: 10, name: 'Anglais' }],
  '/api/api/softskill/categories': [{ id: 5, name: 'Rigueur' }],
};

const schema = rulesSchema<Values>((values) => ({
  ...(values.duration === null ? { duration: 'required' } : {}),
  ...(values.languages.length === 0 && values.softskillCategories.length === 0
    ? { languages: 'matching_parameter_required', softskillCategories: 'matching_parameter_required' }
    : {}),
}));

let latest: Values | null = null;

function Harness() {
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: { ...defaultJobCriteria(), duration: 6, contracts: [], contractType: null },
  });
  const { control } = form;
  const values = useWatch({ control }) as Values;
  useEffect(() => {
    latest = values;
  });
  return (
    <form>
      <JobCategoryField control={control} id="test-job-category" />
      <ContractsField control={control} />
      <ContractTypeField control={control} id="test-contract" />
      <PeriodFields control={control} ids={{ duration: 'test-duration', startAt: 'test-start' }} />
      <DegreeField control={control} id="test-degree" />
      <LanguagesField control={control} />
      <SoftskillCategoriesField control={control} />
    </form>
  );
}

function renderHarness() {
  renderWithProviders(<Harness />, { i18n, router: false });
}

describe('job criteria sections', () => {
  beforeEach(() => {
    stubListServer(lists);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('fill their options from the reference lists and write the shared names', async () => {
    renderHarness();
    const category = await screen.findByRole('option', { name: 'Informatique' });
    fireEvent.change(screen.getByLabelText('Catégorie de métier'), { target: { value: category.getAttribute('value') } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Stage' }));
    fireEvent.change(screen.getByLabelText('Type de contrat'), { target: { value: '1' } });
    await screen.findByRole('option', { name: 'Licence' });
    fireEvent.change(screen.getByLabelText('Niveau d’études minimum'), { target: { value: '3' } });
    await waitFor(() => expect(latest).toMatchObject({ jobCategory: 7, contracts: [2], contractType: 1, degree: 3 }));
    expect(screen.getByLabelText('Catégorie de métier').id).toBe('test-job-category');
  });

  it('show a field error under the field, tied to it', async () => {
    renderHarness();
    const duration = screen.getByLabelText('Durée (mois)');
    fireEvent.change(duration, { target: { value: '' } });
    await waitFor(() => expect(duration.getAttribute('aria-invalid')).toBe('true'));
    const errorId = duration.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe('Ce champ est obligatoire.');
  });

  it('say the matching rule once, under the soft-skill families, and drop it once a family is chosen', async () => {
    renderHarness();
    const family = await screen.findByRole('checkbox', { name: 'Rigueur' });
    fireEvent.click(family);
    fireEvent.click(family);
    const rule = 'Choisissez au moins une langue ou une famille de soft skills.';
    await waitFor(() => expect(screen.getAllByText(rule)).toHaveLength(1));
    expect(screen.getByRole('group', { name: 'Familles de soft skills' }).getAttribute('aria-describedby')).toContain('error');
    fireEvent.click(family);
    await waitFor(() => expect(screen.queryByText(rule)).toBeNull());
    await waitFor(() => expect(latest?.softskillCategories).toEqual([5]));
  });

  it('say when a list could not be loaded, and ask again on Retry', async () => {
    let failing = true;
    stubListServer(lists, (path) => (path === '/api/api/contract/types' && failing ? new Response('{}', { status: 500 }) : undefined));
    renderHarness();
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toContain('Impossible de charger cette liste.Réessayer');
    failing = false;
    fireEvent.click(screen.getAllByRole('button', { name: 'Réessayer' })[0]!);
    expect(await screen.findByRole('checkbox', { name: 'Stage' })).toBeTruthy();
    await waitFor(() => expect(screen.queryAllByRole('alert')).toHaveLength(0));
  });
});
