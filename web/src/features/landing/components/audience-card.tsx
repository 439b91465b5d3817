// One of the three audiences on the home page, with what Vivier gives them.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const icons = {
  candidate: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9a7 7 0 0 1 14 0',
  school: 'M2 9l10-5 10 5-10 5zM6 11v5c3 2 9 2 12 0v-5',
  partner: 'M4 21V7l8-4 8 4v14M9 21v-5h6v5M8 10h2m4 0h2',
} as const;

export function AudienceCard({
  id,
  audience,
  icon,
  to,
}: {
  id: string;
  audience: 'candidates' | 'schools' | 'partners';
  icon: keyof typeof icons;
  to: string;
}) {
  const { t } = useTranslation('home');
  return (
    <article className={`audience audience--${icon}`} id={id} aria-labelledby={`${id}-title`}>
      <span className="audience__icon" aria-hidden="true">
        <svg className="line-icon" viewBox="0 0 24 24" focusable="false">
          <path d={icons[icon]} />
        </svg>
      </span>
      <h3 id={`${id}-title`}>{t(`audiences.${audience}.title`)}</h3>
      <p className="audience__text">{t(`audiences.${audience}.text`)}</p>
      <ul className="audience__points">
        {(['point1', 'point2', 'point3'] as const).map((point) => (
          <li key={point}>{t(`audiences.${audience}.${point}`)}</li>
        ))}
      </ul>
      <Link className="audience__cta" to={to}>
        {t(`audiences.${audience}.cta`)}
      </Link>
    </article>
  );
}
