// The "emails I receive" section of a user's settings: one switch per kind of
// notification email of their role, saved as soon as it is flipped (the same
// switch an email's unsubscribe link turns off).
import '../email-preferences.css';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/form/checkbox-field';
import { ValueQueryState } from '@/components/ui/query-state';
import { SettingsSection } from '@/components/ui/settings-section';
import { showToast } from '@/lib/toasts';
import { useEmailPreferences, useSetEmailPreference } from '../api/email-preferences';

export function EmailPreferencesSection() {
  const { t } = useTranslation('emailPreferences');
  const preferences = useEmailPreferences();
  const save = useSetEmailPreference();
  return (
    <SettingsSection name="email-preferences" title={t('title')}>
      <p>{t('intro')}</p>
      <ValueQueryState query={preferences} className="account-section__state">
        {({ preferences: switches }) => (
          <fieldset className="email-preferences" disabled={save.isPending}>
            <legend className="visually-hidden">{t('title')}</legend>
            {switches.map(({ type, subscribed }) => (
              <CheckboxField
                key={type}
                id={`email-preference-${type}`}
                label={t(`types.${type}.label`)}
                hint={t(`types.${type}.hint`)}
                checked={subscribed}
                data-testid={`email-preference-${type}`}
                onChange={(event) => {
                  const wanted = event.target.checked;
                  save.mutate({ type, subscribed: wanted }, { onSuccess: () => showToast(t(wanted ? 'on' : 'off'), 'success') });
                }}
              />
            ))}
          </fieldset>
        )}
      </ValueQueryState>
    </SettingsSection>
  );
}
