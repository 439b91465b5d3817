// Turns the rule code held by a form error into its sentence in the user's
// language, for the field components' `error` prop.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ruleMessageKeysFor } from './rule-messages';

type ErrorLike = { message?: string } | string | null | undefined;

export function useRuleMessage() {
  const { t } = useTranslation('forms');
  return useCallback(
    (error: ErrorLike, field?: string): string | undefined => {
      const code = typeof error === 'string' ? error : error?.message;
      return code ? t(ruleMessageKeysFor(code, field)) : undefined;
    },
    [t],
  );
}
