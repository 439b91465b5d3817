// Who can find me: the candidate chooses who may find them in recruiters'
// sourcing searches (every recruiter, only those their school works with, or
// nobody), and whether recruiters see their name before they accept a contact
// (blind first). A choice is saved as soon as it is made, like the sharing
// toggle, and the server applies it to the next search.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ValueQueryState } from '@/components/ui/query-state';
import { SettingsSection } from '@/components/ui/settings-section';
import { showToast } from '@/lib/toasts';
import { type FindableBy, useFindability, useSetFindability } from '../api/account-calls';
import { BlindFirstSwitch } from './blind-first-switch';

const choices = ['everyone', 'school_partners', 'nobody'] as const satisfies readonly FindableBy[];

export function FindabilitySection() {
  const { t } = useTranslation('account');
  const findability = useFindability();
  const setFindability = useSetFindability();
  const name = useId();
  return (
    <SettingsSection name="account-findability" title={t('findability.title')}>
      <p>{t('findability.intro')}</p>
      <ValueQueryState query={findability} className="account-section__state">
        {({ findable_by: chosen, blind_first: blindFirst }) => (
          <>
            <fieldset className="choice-list" disabled={setFindability.isPending} data-testid="findability">
              <legend className="visually-hidden">{t('findability.title')}</legend>
              {choices.map((choice) => (
                <label key={choice} className="choice-list__item">
                  <input
                    type="radio"
                    name={name}
                    value={choice}
                    checked={chosen === choice}
                    aria-describedby={`${name}-${choice}`}
                    onChange={() =>
                      setFindability.mutate(
                        { findable_by: choice },
                        {
                          onSuccess: () => showToast(t('findability.saved'), 'success'),
                          onError: () => showToast(t('failed'), 'error'),
                        },
                      )
                    }
                  />
                  <span className="choice-list__name">
                    {t(`findability.${choice}`)}
                    <span className="choice-list__hint" id={`${name}-${choice}`}>
                      {t(`findability.${choice}Hint`)}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
            <BlindFirstSwitch findableBy={chosen} blindFirst={blindFirst} />
          </>
        )}
      </ValueQueryState>
    </SettingsSection>
  );
}
