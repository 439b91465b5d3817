// When: the duration in months and the start date, side by side. A job with
// no end (on permanent contracts only) shows the start date alone.
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field';
import { durationRangeMonths } from './criteria-rules';
import { numberOrNull } from './criteria-values';
import { type CriteriaControl, useCriteriaField } from './use-criteria-field';

export function PeriodFields<T extends FieldValues>({
  control,
  ids,
  openEnded = false,
}: {
  control: CriteriaControl<T>;
  ids: { duration: string; startAt: string };
  openEnded?: boolean;
}) {
  const { t } = useTranslation('forms');
  const duration = useCriteriaField(control, 'duration');
  const startAt = useCriteriaField(control, 'startAt');
  return (
    <div className="field-row">
      {!openEnded && (
        <TextField
          id={ids.duration}
          label={t('jobCriteria.duration')}
          type="number"
          inputMode="numeric"
          min={durationRangeMonths.min}
          max={durationRangeMonths.max}
          value={duration.value ?? ''}
          onChange={(event) => duration.onChange(numberOrNull(event.target.value))}
          onBlur={duration.onBlur}
          error={duration.errorMessage}
        />
      )}
      <TextField
        id={ids.startAt}
        label={t('jobCriteria.startAt')}
        type="date"
        value={startAt.value}
        onChange={(event) => startAt.onChange(event.target.value)}
        onBlur={startAt.onBlur}
        error={startAt.errorMessage}
      />
    </div>
  );
}
