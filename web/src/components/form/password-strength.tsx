// How hard the password being typed is to guess, under a new-password field:
// a bar and a sentence, estimated in the browser (lib/password-strength) as a
// hint before the server's own check. The sentence sits in a polite live
// region, so a screen reader says it when the level changes, not at each key.
import '@/styles/password-strength.css';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  estimatePasswordScore,
  minimumPasswordScore,
  type PasswordOwner,
  passwordOwnerWords,
  type PasswordScore,
} from '@/lib/password-strength';

const levels = ['weak', 'weak', 'fair', 'good', 'strong'] as const;

/** The score of `password` once estimated; null while nothing is typed or before the estimator loads. */
export function usePasswordScore(password: string, owner: PasswordOwner): PasswordScore | null {
  const { email, firstname, lastname } = owner;
  const ownerWords = useMemo(() => passwordOwnerWords({ email, firstname, lastname }), [email, firstname, lastname]);
  const [estimate, setEstimate] = useState<{ password: string; score: PasswordScore } | null>(null);
  useEffect(() => {
    if (password === '') return;
    let current = true;
    estimatePasswordScore(password, ownerWords).then(
      (score) => {
        if (current) setEstimate({ password, score });
      },
      // without the estimator there is no hint; the server still checks
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [password, ownerWords]);
  // the last estimate stays shown while the next one is computed
  return password === '' ? null : (estimate?.score ?? null);
}

export function PasswordStrength({ id, password, owner }: { id?: string; password: string; owner: PasswordOwner }) {
  const { t } = useTranslation('forms');
  const score = usePasswordScore(password, owner);
  const level = score === null ? null : levels[score];
  return (
    <div className="password-strength" id={id} data-level={level ?? undefined}>
      <span className="password-strength__bar" aria-hidden="true">
        <span className="password-strength__fill" style={{ width: `${score === null ? 0 : (score + 1) * 20}%` }} />
      </span>
      <p className="password-strength__text" aria-live="polite">
        {level && t(`passwordStrength.${level}`)}
        {score !== null && score < minimumPasswordScore && ` ${t('passwordStrength.advice')}`}
      </p>
    </div>
  );
}
