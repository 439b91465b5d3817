// The alert mode of a saved search (off, daily digest, immediate), changed in
// place with PATCH .../searchs/{id} { alerts }; the list of saved searches is
// refreshed so the page and the dashboard agree.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Schemas } from '@/api/schemas';
import { useSetAlerts } from '../api/change-saved-search';

type AlertMode = Schemas['AlertMode'];
const alertModes = ['off', 'daily', 'immediate'] as const satisfies readonly AlertMode[];

export function AlertControl({ searchId, mode }: { searchId: number; mode: AlertMode }) {
  const { t } = useTranslation('alerts');
  const id = useId();
  const setAlerts = useSetAlerts();
  return (
    <div className="alert-control" data-testid="alert-control">
      <label htmlFor={id}>{t('control.label')}</label>
      <select
        id={id}
        className="field__input field__input--small"
        value={setAlerts.isPending ? setAlerts.variables.alerts : mode}
        disabled={setAlerts.isPending}
        onChange={(event) => setAlerts.mutate({ id: searchId, alerts: event.target.value as AlertMode })}
        aria-describedby={`${id}-hint`}
      >
        {alertModes.map((value) => (
          <option key={value} value={value}>
            {t(`control.${value}`)}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="alert-control__hint">
        {t('control.hint')}
      </p>
      {setAlerts.isError && (
        <p className="alert-control__error" role="alert">
          {t('control.failed')}
        </p>
      )}
    </div>
  );
}
