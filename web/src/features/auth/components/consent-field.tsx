// The consent every sign-up asks for, its "terms of use" a link to them. The
// link opens in a new tab, so that reading the terms does not lose the form.
import { forwardRef } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { CheckboxField, type CheckboxFieldProps } from '@/components/form/checkbox-field';
import { paths } from '@/config/paths';

export const ConsentField = forwardRef<HTMLInputElement, Omit<CheckboxFieldProps, 'label'>>(function ConsentField(props, ref) {
  const label = (
    <Trans
      ns="auth"
      i18nKey="signUp.consent"
      components={{
        terms: <Link to={paths.termsOfUse} target="_blank" rel="noopener" data-testid="terms-link" />,
        newTab: <span className="visually-hidden" />,
      }}
    />
  );
  return <CheckboxField ref={ref} label={label} {...props} />;
});
