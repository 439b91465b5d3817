// A password input with a show/hide switch and, for new passwords, the live
// checklist of the policy (each rule ticks as soon as it is met, and none
// before anything is typed: an empty field meets no rule, whatever the policy
// says of "not your email") and the estimate of how hard it is to guess.
import '../auth.css';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordStrength } from '@/components/form/password-strength';
import { TextField, type TextFieldProps } from '@/components/form/text-field';
import type { PasswordOwner } from '@/lib/password-strength';
import { checkPassword, passwordMaxLength, type PasswordRule, passwordRules } from '../utils/password-policy';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing' | 'children' | 'describedBy'> & {
  /** Show the policy checklist, checked against this email's local part. */
  policyEmail?: string;
  showPolicy?: boolean;
  /** The password the checklist checks, for an input registered with react-hook-form (uncontrolled). */
  policyValue?: string;
  /** The owner's names, which the strength estimate tries first (as their email). */
  policyNames?: Pick<PasswordOwner, 'firstname' | 'lastname'>;
};

export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { policyEmail = '', policyValue, policyNames, showPolicy = false, value, id, ...props },
  ref,
) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  const password = policyValue ?? String(value ?? '');
  const checks = checkPassword(password, policyEmail);
  const met = (rule: PasswordRule) => password !== '' && checks[rule];
  const policyId = id ? `${id}-policy` : undefined;
  return (
    <TextField
      ref={ref}
      id={id}
      {...props}
      value={value}
      type={visible ? 'text' : 'password'}
      describedBy={policyId && showPolicy ? policyId : undefined}
      trailing={
        <button
          type="button"
          className="bare-icon-button field__toggle"
          aria-pressed={visible}
          aria-label={t(visible ? 'fields.hidePassword' : 'fields.showPassword')}
          title={t(visible ? 'fields.hidePassword' : 'fields.showPassword')}
          onClick={() => setVisible((shown) => !shown)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
            <circle cx="12" cy="12" r="3" />
            {visible && <path d="M4 4l16 16" />}
          </svg>
        </button>
      }
    >
      {showPolicy && (
        <div className="password-policy" id={policyId}>
          <p className="password-policy__title">{t('policy.title')}</p>
          <ul>
            {passwordRules.map((rule) => (
              <li key={rule} className="password-policy__rule" data-met={met(rule)} data-rule={rule}>
                <span className="password-policy__mark" aria-hidden="true" />
                {t(`policy.${rule}`)}
                <span className="visually-hidden"> ({t(met(rule) ? 'policy.met' : 'policy.unmet')})</span>
              </li>
            ))}
          </ul>
          <PasswordStrength password={password} owner={{ email: policyEmail, ...policyNames }} />
        </div>
      )}
    </TextField>
  );
});

/** A password being chosen: required, at most the policy's length, offered to password managers as a new one. */
export const NewPasswordField = forwardRef<HTMLInputElement, Omit<PasswordFieldProps, 'autoComplete' | 'required' | 'maxLength'>>(
  function NewPasswordField(props, ref) {
    return <PasswordField ref={ref} autoComplete="new-password" required maxLength={passwordMaxLength} {...props} />;
  },
);
