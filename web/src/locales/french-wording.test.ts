// French that reads right whoever it is about: "de" elided before a name, a
// school or a company that starts with a vowel ("la demande d’Airbus"), no
// "que" left before one, and no agreement that guesses a person's gender
// (the texts say "·e", or are put so that nothing agrees).
import { describe, expect, it } from 'vitest';
import { testI18n } from '@/testing/i18n';

const french = testI18n('fr');

describe('French texts about a person, a school or a company', () => {
  it('elide "de" before a vowel and keep it before a consonant', () => {
    expect(french.t('contacts:received.acceptLabel', { company: 'Airbus' })).toBe('Accepter la demande d’Airbus');
    expect(french.t('contacts:received.declined', { company: 'Numéria Conseil' })).toBe('Demande de Numéria Conseil déclinée.');
    expect(french.t('contacts:received.accepted', { name: 'Élodie Martin', company: 'Airbus' })).toMatch(/^Vous avez accepté la demande d’Élodie Martin \(Airbus\)/);
    expect(french.t('offers:applicants.moved.declined', { name: 'Anaïs Roux' })).toBe('La candidature d’Anaïs Roux est déclinée.');
    expect(french.t('offers:applicants.confirm.declined.title', { name: 'Léa Morel' })).toBe('Décliner la candidature de Léa Morel ?');
    expect(french.t('candidate:schoolInvitations.accepted', { school: 'Efrei Paris', campus: 'Villejuif' })).toBe(
      'Vous faites maintenant partie d’Efrei Paris, campus Villejuif.',
    );
    expect(french.t('candidate:schoolInvitations.refuseLabel', { school: 'Sciences Po' })).toBe('Refuser l’invitation de Sciences Po');
  });

  it('say nothing that agrees with a gender they do not know', () => {
    expect(french.t('sourcing:actions.candidateSaved', { name: 'Élodie Martin' })).toBe('Élodie Martin est dans vos candidats sauvegardés.');
    expect(french.t('sourcing:actions.candidateUnsaved', { name: 'Élodie Martin' })).toBe('Élodie Martin n’est plus dans vos candidats sauvegardés.');
    expect(french.t('common:nameHidden')).toBe('Nom masqué à sa demande');
    expect(french.t('school:candidates.detachMessage', { name: 'Anaïs Roux' })).toMatch(/^Anaïs Roux ne sera plus rattaché·e à votre école\./);
    expect(french.t('disc:reader.note', { name: 'Élodie' })).toMatch(/^Élodie a choisi de montrer ce test de personnalité/);
    expect(french.t('auth:menu.signedInAs', { name: 'Anaïs Roux' })).toBe('Session ouverte : Anaïs Roux');
  });
});
