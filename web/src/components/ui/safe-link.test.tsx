// @vitest-environment jsdom
// The link component refuses external hrefs unless allowed (spec §8).
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { SafeLink } from './safe-link';

function renderLink(element: React.ReactNode) {
  return render(<MemoryRouter>{element}</MemoryRouter>);
}

describe('SafeLink', () => {
  afterEach(cleanup);

  it('renders in-app paths as router links', () => {
    renderLink(<SafeLink href="/dashboard/candidate">Tableau de bord</SafeLink>);
    expect(screen.getByRole('link', { name: 'Tableau de bord' }).getAttribute('href')).toBe('/dashboard/candidate');
  });

  it('refuses an external href: no link, only the text', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderLink(<SafeLink href="https://evil.example/">Cliquez ici</SafeLink>);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Cliquez ici').tagName).toBe('SPAN');
    expect(warn).toHaveBeenCalled();
  });

  it('renders an allowed external href with rel="noopener noreferrer"', () => {
    renderLink(
      <SafeLink href="https://www.ecole.example/" allowExternal>
        Site de l’école
      </SafeLink>,
    );
    const link = screen.getByRole('link', { name: 'Site de l’école' });
    expect(link.getAttribute('href')).toBe('https://www.ecole.example/');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('never renders a javascript: href, even when external links are allowed', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderLink(
      <SafeLink href="javascript:alert(1)" allowExternal>
        Piège
      </SafeLink>,
    );
    expect(screen.queryByRole('link')).toBeNull();
  });
});
