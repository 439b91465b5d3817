// The illustration of the hero: a sample candidate card as a partner would
// see it in a search, showing soft skills and the match score.
import { useTranslation } from 'react-i18next';

/** The sample card's match score, written as every score is ("92 %", "92%"). */
const sampleMatchPercent = 92;

export function ProfilePreview() {
  const { t } = useTranslation('home');
  return (
    <figure className="preview" aria-label={t('preview.label')}>
      <div className="preview__card">
        <div className="preview__head">
          <span className="preview__avatar" aria-hidden="true" />
          <div>
            <p className="preview__name">{t('preview.name')}</p>
            <p className="preview__headline">{t('preview.headline')}</p>
          </div>
        </div>
        <div className="preview__tags">
          <span className="tag">{t('preview.contract')}</span>
          <span className="tag">{t('preview.availability')}</span>
        </div>
        <p className="preview__subtitle">{t('preview.skillsTitle')}</p>
        <ul className="preview__skills">
          {([
            ['skill1', 86],
            ['skill2', 72],
            ['skill3', 64],
          ] as const).map(([skill, level]) => (
            <li key={skill}>
              <span>{t(`preview.${skill}`)}</span>
              <span className="meter" aria-hidden="true">
                <span className="meter__fill" style={{ width: `${level}%` }} />
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="preview__match">
        <span className="preview__match-dot" aria-hidden="true" />
        <div>
          <p className="preview__match-score">{t('preview.match', { percent: sampleMatchPercent })}</p>
          <p className="preview__match-hint">{t('preview.matchHint')}</p>
        </div>
      </div>
    </figure>
  );
}
