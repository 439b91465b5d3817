// The invitation form's rules, as the server words them: every field
// required, an address shaped like one, the server's lengths.
import { describe, expect, it } from 'vitest';
import { checkRecruiterInvitation, recruiterInvitationRequest } from './invitation-form';

describe('recruiter invitation form rules', () => {
  it('needs an address and both names', () => {
    expect(checkRecruiterInvitation({ email: ' ', firstname: '', lastname: ' ' })).toEqual({
      email: 'required',
      firstname: 'required',
      lastname: 'required',
    });
  });

  it('wants an address shaped like one, and names within the server lengths', () => {
    expect(checkRecruiterInvitation({ email: 'lea.morel@', firstname: 'L'.repeat(101), lastname: 'Morel' })).toEqual({
      email: 'invalid_email',
      firstname: 'too_long',
    });
    expect(checkRecruiterInvitation({ email: `${'a'.repeat(250)}@x.fr`, firstname: 'Léa', lastname: 'Morel' })).toEqual({ email: 'too_long' });
  });

  it('sends the values without the spaces around them', () => {
    expect(recruiterInvitationRequest({ email: ' lea@acme.fr ', firstname: ' Léa', lastname: 'Morel ' })).toEqual({
      email: 'lea@acme.fr',
      firstname: 'Léa',
      lastname: 'Morel',
    });
    expect(checkRecruiterInvitation({ email: ' lea@acme.fr ', firstname: ' Léa', lastname: 'Morel ' })).toEqual({});
  });
});
