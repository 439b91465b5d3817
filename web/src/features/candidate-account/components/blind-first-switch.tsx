// Blind first: the candidate hides their name and photo from recruiters until
// they accept that recruiter's contact request or apply to one of their offers.
// It is a choice about the same people as who can find me, so it lives in the
// same section and is saved the same way, at once. The server does the hiding.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toasts';
import { type FindableBy, useSetFindability } from '../api/account-calls';

type BlindFirstSwitchProps = {
  findableBy: FindableBy;
  blindFirst: boolean;
};

export function BlindFirstSwitch({ findableBy, blindFirst }: BlindFirstSwitchProps) {
  const { t } = useTranslation('account');
  const setFindability = useSetFindability();
  const hint = useId();
  return (
    <label className="choice-list__item" data-testid="blind-first">
      <input
        type="checkbox"
        role="switch"
        checked={blindFirst}
        disabled={setFindability.isPending}
        aria-describedby={hint}
        onChange={(event) => {
          const wanted = event.target.checked;
          setFindability.mutate(
            { findable_by: findableBy, blind_first: wanted },
            {
              onSuccess: () => showToast(t(wanted ? 'findability.blindFirst.savedOn' : 'findability.blindFirst.savedOff'), 'success'),
              onError: () => showToast(t('failed'), 'error'),
            },
          );
        }}
      />
      <span className="choice-list__name">
        {t('findability.blindFirst.label')}
        <span className="choice-list__hint" id={hint}>
          {t('findability.blindFirst.hint')}
        </span>
      </span>
    </label>
  );
}
