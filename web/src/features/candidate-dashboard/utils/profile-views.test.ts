// Who looked, per company: the last day of each kind, the most recent company
// first, ties in alphabetical order.
import { describe, expect, it } from 'vitest';
import { groupProfileViews } from './profile-views';

describe('groupProfileViews', () => {
  it('keeps one entry per company with its last view and its last save', () => {
    const grouped = groupProfileViews(
      [
        { company: 'Numéria Conseil', kind: 'viewed', day: '2025-11-26' },
        { company: 'Numéria Conseil', kind: 'saved', day: '2025-11-25' },
        { company: 'Numéria Conseil', kind: 'viewed', day: '2025-11-20' },
        { company: 'Atelier Bois', kind: 'viewed', day: '2025-10-02' },
      ],
      'fr',
    );
    expect(grouped).toEqual([
      { company: 'Numéria Conseil', lastViewed: '2025-11-26', lastSaved: '2025-11-25' },
      { company: 'Atelier Bois', lastViewed: '2025-10-02', lastSaved: null },
    ]);
  });

  it('does not rely on the order of the lines', () => {
    const grouped = groupProfileViews(
      [
        { company: 'Atelier Bois', kind: 'saved', day: '2025-09-01' },
        { company: 'Bâti Sud', kind: 'viewed', day: '2025-10-01' },
        { company: 'Atelier Bois', kind: 'saved', day: '2025-11-01' },
      ],
      'fr',
    );
    expect(grouped.map((looks) => [looks.company, looks.lastSaved])).toEqual([
      ['Atelier Bois', '2025-11-01'],
      ['Bâti Sud', null],
    ]);
  });

  it('puts companies seen the same day in alphabetical order', () => {
    const grouped = groupProfileViews(
      [
        { company: 'Zéphyr', kind: 'viewed', day: '2025-11-02' },
        { company: 'Éole', kind: 'saved', day: '2025-11-02' },
        { company: 'Atlas', kind: 'viewed', day: '2025-11-02' },
      ],
      'fr',
    );
    expect(grouped.map((looks) => looks.company)).toEqual(['Atlas', 'Éole', 'Zéphyr']);
  });

  it('is empty without lines', () => {
    expect(groupProfileViews([], 'en')).toEqual([]);
  });
});
