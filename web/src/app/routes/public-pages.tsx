// Public pages outside any account: login (by password or by emailed link),
// candidate sign-up and its validation, the accounts of a school's invitation
// links (a student's, a recruiter's), password recovery, notification unsubscription, the demo mailbox and
// the data sources.
import { CandidateSignUp } from '@/features/auth/components/candidate-sign-up';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { InvitationSignUp } from '@/features/auth/components/invitation-sign-up';
import { LoginForm } from '@/features/auth/components/login-form';
import { LoginWithToken } from '@/features/auth/components/login-with-token';
import { RecruiterInvitationSignUp } from '@/features/auth/components/recruiter-invitation-sign-up';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { SignUpValidationStatus } from '@/features/auth/components/sign-up-validation-status';
import { UnsubscribeStatus } from '@/features/auth/components/unsubscribe-status';
import { DataSources } from '@/features/legal/components/data-sources';
import { TermsOfUse } from '@/features/legal/components/terms-of-use';
import { MailboxView } from '@/features/mailbox/components/mailbox-view';

export const LoginPage = () => <LoginForm />;
export const LoginWithTokenPage = () => <LoginWithToken />;
export const CandidateSignUpPage = () => <CandidateSignUp />;
export const SignUpValidationPage = () => <SignUpValidationStatus />;
export const InvitationSignUpPage = () => <InvitationSignUp />;
export const RecruiterInvitationSignUpPage = () => <RecruiterInvitationSignUp />;
export const ForgotPasswordPage = () => <ForgotPasswordForm />;
export const ResetPasswordPage = () => <ResetPasswordForm />;
export const NotificationsUnsubscribePage = () => <UnsubscribeStatus />;
export const MailboxPage = () => <MailboxView />;
export const DataSourcesPage = () => <DataSources />;
export const TermsOfUsePage = () => <TermsOfUse />;
