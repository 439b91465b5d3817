// Public candidate profiles, viewed by slug (viewer layout).
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';

export function PublicProfilePage() {
  const { t } = useTranslation('pages');
  return <ComingSoon title={t('publicProfile.title')} description={t('publicProfile.description')} />;
}

export function PublicSoftSkillFamilyPage() {
  const { t } = useTranslation('pages');
  return (
    <ComingSoon title={t('publicSoftSkillFamily.title')} description={t('publicSoftSkillFamily.description')} />
  );
}
