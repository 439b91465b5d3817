// The sentence for a failed call that a page shows itself (beside what failed,
// rather than in a toast): the same rule as the API client's toasts, a known
// code in the user's language, else the server's message, else the fallback.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorCodeKeys, isKnownErrorCode } from '@/lib/api-client';

export function useApiErrorMessage() {
  const { t } = useTranslation('api');
  return useCallback(
    (error: unknown): string => {
      if (error instanceof ApiError) {
        if (isKnownErrorCode(error.code)) return t(errorCodeKeys[error.code]);
        if (error.message !== '') return error.message;
      }
      return t('fallback');
    },
    [t],
  );
}
