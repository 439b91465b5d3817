// The login page's second way in: "Email me a login link", for the address
// typed in the form's email field. The confirmation never says whether the
// address has an account; it is read out politely (the live region exists
// before it fills). The button stays focusable while the request runs, so a
// keyboard user keeps their place.
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import { ApiError } from '@/lib/api-client';
import { useRequestLoginLink } from '../api/request-login-link';
import { describeAuthError } from '../utils/auth-errors';

export function LoginLinkRequest({
  validEmail,
  onRefused,
}: {
  /** The form's email once its field is valid, or null (the field then shows why). */
  validEmail: () => Promise<string | null>;
  /** Shows the server's refusal of the address (a 422) on the form's email field. */
  onRefused: (error: ApiError) => void;
}) {
  const { t } = useTranslation('auth');
  const request = useRequestLoginLink();

  const send = async () => {
    if (request.isPending) return;
    request.reset();
    const email = await validEmail();
    if (email === null) return;
    request.mutate(email, {
      onError: (error) => {
        if (isRefusedAddress(error)) onRefused(error);
      },
    });
  };

  // a refused address shows on the field; anything else (a rate limit, the network) here
  const failure = request.error && !isRefusedAddress(request.error) ? describeAuthError(request.error) : null;

  return (
    <div className="auth-form__alternative">
      <p className="auth-form__or" aria-hidden="true">
        {t('login.or')}
      </p>
      <button
        type="button"
        className="button button--secondary auth-form__submit"
        aria-disabled={request.isPending}
        onClick={() => void send()}
        data-testid="login-link-request"
      >
        {request.isPending ? t('login.linkRequesting') : t('login.linkRequest')}
      </button>
      <div aria-live="polite">
        {request.isSuccess && (
          <FormAlert tone="success" testId="login-link-sent">
            {t('login.linkSent')}
          </FormAlert>
        )}
      </div>
      {failure && <FormAlert testId="login-link-error">{t(failure.key, failure.values)}</FormAlert>}
    </div>
  );
}

function isRefusedAddress(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 422;
}
