// Links of demo emails open in the app when they point to one of its pages.
import { describe, expect, it } from 'vitest';
import { mailLinkTarget } from './mailbox-view';

describe('mailLinkTarget', () => {
  const origin = 'http://127.0.0.1:18181';

  it('turns links of this origin into in-app paths', () => {
    expect(mailLinkTarget(`${origin}/inscription/valider?token=abc`, origin)).toBe('/inscription/valider?token=abc');
  });

  it('keeps the email pages in the app whatever origin the server wrote', () => {
    expect(mailLinkTarget('http://localhost:8080/mot-de-passe/reinitialiser?token=x', origin)).toBe('/mot-de-passe/reinitialiser?token=x');
    expect(mailLinkTarget('https://vivier.example/inscription/invitation?token=y', origin)).toBe('/inscription/invitation?token=y');
    expect(mailLinkTarget('https://vivier.example/inscription/recruteur?token=z', origin)).toBe('/inscription/recruteur?token=z');
  });

  it('leaves other sites alone (the link component refuses them)', () => {
    expect(mailLinkTarget('https://evil.example/inscription', origin)).toBe('https://evil.example/inscription');
  });
});
