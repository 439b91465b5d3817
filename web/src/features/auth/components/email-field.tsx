// The email input of the account forms (log in, sign up, forgotten password):
// required, with the email keyboard on phones; each form says which address
// the browser may fill in (`autoComplete`).
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '@/components/form/text-field';

type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'inputMode' | 'required'>;

export const EmailField = forwardRef<HTMLInputElement, EmailFieldProps>(function EmailField(props, ref) {
  const { t } = useTranslation('auth');
  return <TextField ref={ref} label={t('fields.email')} type="email" inputMode="email" required {...props} />;
});
