// The "profil" form: who the candidate is (names, headline, phone, birth
// date, where they live, photo), sent as `from: "profile"` (spec §5: the base
// user's fields are all required; the headline and the photo are optional).
import { z } from 'zod';
import { apiBounds } from '@/api/bounds';
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import { isAtLeast, isValidPhone, parseIsoDate } from '@/lib/person-rules';
import type { ProfileUpdate } from '../api/update-candidate';
import { optionalText, placeRequest, placeValue, requiredPlace, requiredText } from './record-rules';

export const minimumAge = 15;

const bounds = apiBounds.IdentityInput;

export const profileSchema = z.object({
  firstname: requiredText(bounds.firstname.maxLength),
  lastname: requiredText(bounds.lastname.maxLength),
  headline: optionalText(bounds.headline.maxLength),
  phone: requiredText(bounds.phone.maxLength).refine(isValidPhone, 'invalid_phone'),
  birthdate: z
    .string()
    .min(1, 'required')
    .refine((text): boolean => parseIsoDate(text) !== null, 'invalid_date')
    .refine((text): boolean => {
      const birth = parseIsoDate(text);
      return birth === null || isAtLeast(birth, minimumAge, new Date());
    }, 'too_young'),
  localization: requiredPlace,
  picture: z.array(z.string()).max(1, 'too_many'),
});

export type ProfileFormValues = z.infer<typeof profileSchema>;

export const profileFields = ['firstname', 'lastname', 'headline', 'phone', 'birthdate', 'localization', 'picture'] as const;

/** The server calls the photo `profile_picture`. */
export const profileServerNames = { profile_picture: 'picture' } as const;

export function profileFormValues(profile: CandidateProfile): ProfileFormValues {
  return {
    firstname: profile.firstname,
    lastname: profile.lastname,
    headline: profile.headline ?? '',
    phone: profile.contact?.phone ?? '',
    birthdate: profile.contact?.birthdate?.slice(0, 10) ?? '',
    localization: placeValue(profile.localization),
    picture: profile.profile_picture ? [profile.profile_picture.id] : [],
  };
}

export function profileRequest(values: ProfileFormValues): ProfileUpdate {
  return {
    from: 'profile',
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    headline: values.headline.trim(),
    phone: values.phone.trim(),
    birthdate: values.birthdate,
    localization: placeRequest(values.localization),
    profile_picture: values.picture[0] ?? null,
  };
}
