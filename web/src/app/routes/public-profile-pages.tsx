// Public candidate profiles, viewed by slug (viewer layout): the shared
// profile, with the DISC result its candidate may show, and one of its
// soft-skill families. A family id that is not a
// number names no page.
import { useParams } from 'react-router';
import { ShownDisc } from '@/features/disc';
import { PublicFamilyPage } from '@/features/public-profile/components/public-family-page';
import { PublicProfilePage as SharedProfilePage } from '@/features/public-profile/components/public-profile-page';
import { NotFoundPage } from './not-found';

export function PublicProfilePage() {
  const { slug = '' } = useParams();
  return <SharedProfilePage slug={slug} aside={(profile) => <ShownDisc slug={profile.slug} firstName={profile.firstname} />} />;
}

export function PublicSoftSkillFamilyPage() {
  const { slug = '', id } = useParams();
  if (!id || !/^\d+$/.test(id)) return <NotFoundPage />;
  return <PublicFamilyPage slug={slug} familyId={Number(id)} />;
}
