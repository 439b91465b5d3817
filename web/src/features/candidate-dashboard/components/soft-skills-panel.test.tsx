// @vitest-environment jsdom
// The soft-skill families on the dashboard: each a link with its share, its
// icon drawn when we draw it, and an icon's name never shown as text.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { SoftSkillsPanel } from './soft-skills-panel';

const i18n = testI18n('en');

function profileWith(shares: CandidateProfile['softskill_percentages']): CandidateProfile {
  return { softskill_percentages: shares } as CandidateProfile;
}

describe('SoftSkillsPanel', () => {
  afterEach(cleanup);

  it('links each family with its share and draws its icon, never writing the icon name', () => {
    renderWithProviders(
      <SoftSkillsPanel
        profile={profileWith([
          { id: 1, code: 'communication', icon: 'message-circle', name: 'Communication', percentage: 75 },
          { id: 2, code: 'teamwork', icon: 'an-icon-we-do-not-draw', name: 'Teamwork', percentage: 25 },
        ])}
      />,
      { i18n },
    );

    const communication = screen.getByRole('link', { name: /Communication/ });
    expect(communication.textContent).toBe('Communication75%');
    expect(communication.querySelector('svg.line-icon')).not.toBeNull();
    const teamwork = screen.getByRole('link', { name: /Teamwork/ });
    expect(teamwork.textContent).toBe('Teamwork25%');
    expect(teamwork.querySelector('svg')).toBeNull();
    expect(document.body.textContent).not.toContain('message-circle');
  });
});
