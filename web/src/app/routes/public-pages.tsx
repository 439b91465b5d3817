// Public pages outside any account: login, sign-up and account recovery,
// notification unsubscription. Their features come later; each shows its title.
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';

function PublicPage({ page }: { page: string }) {
  const { t } = useTranslation('pages');
  return <ComingSoon title={t(`${page}.title`)} description={t(`${page}.description`)} />;
}

export const LoginPage = () => <PublicPage page="login" />;
export const LoginWithTokenPage = () => <PublicPage page="loginWithToken" />;
export const CandidateSignUpPage = () => <PublicPage page="candidateSignUp" />;
export const SignUpValidationPage = () => <PublicPage page="signUpValidation" />;
export const ForgotPasswordPage = () => <PublicPage page="forgotPassword" />;
export const ResetPasswordPage = () => <PublicPage page="resetPassword" />;
export const NotificationsUnsubscribePage = () => <PublicPage page="notificationsUnsubscribe" />;
