// The public home page: what Vivier does for candidates, schools and
// companies, with the ways in (sign up as a candidate, log in).
import '../landing.css';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AudienceCard } from './audience-card';
import { ProfilePreview } from './profile-preview';

type TitledSectionProps = { titleId: string; title: string; lead?: string; tinted?: boolean; children: ReactNode };

/** A section of the page under its own heading (and lead line), named by that heading. */
function TitledSection({ titleId, title, lead, tinted = false, children }: TitledSectionProps) {
  return (
    <section className={tinted ? 'section section--tinted' : 'section'} aria-labelledby={titleId}>
      <div className="container">
        <header className="section__header">
          <h2 id={titleId}>{title}</h2>
          {lead && <p>{lead}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}

export function LandingPage() {
  const { t } = useTranslation('home');
  const { hash } = useLocation();
  useDocumentTitle('');

  // Header links point at sections of this page (/#candidats...).
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ behavior: 'smooth' });
  }, [hash]);

  return (
    <div className="landing">
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">{t('hero.eyebrow')}</p>
            <h1 className="hero__title" data-testid="home-title">
              {t('hero.title')}
            </h1>
            <p className="hero__lead">{t('hero.lead')}</p>
            <div className="hero__actions">
              <Link className="button button--primary button--large" to={paths.candidateSignUp}>
                {t('hero.primaryCta')}
              </Link>
              <Link className="button button--secondary button--large" to={paths.login}>
                {t('hero.secondaryCta')}
              </Link>
            </div>
            <p className="hero__note">{t('hero.note')}</p>
          </div>
          <ProfilePreview />
        </div>
      </section>

      <TitledSection titleId="audiences-title" title={t('audiences.title')} lead={t('audiences.lead')}>
        <div className="audiences">
          <AudienceCard id="candidats" audience="candidates" icon="candidate" to={paths.candidateSignUp} />
          <AudienceCard id="ecoles" audience="schools" icon="school" to={paths.schoolDashboard} />
          <AudienceCard id="entreprises" audience="partners" icon="partner" to={paths.partnerDashboard} />
        </div>
      </TitledSection>

      <TitledSection titleId="steps-title" title={t('steps.title')} tinted>
        <ol className="steps">
          {(['step1', 'step2', 'step3'] as const).map((step, index) => (
            <li key={step} className="step">
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{t(`steps.${step}.title`)}</h3>
              <p>{t(`steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </TitledSection>

      <section className="section">
        <div className="container">
          <div className="cta-band">
            <div>
              <h2>{t('cta.title')}</h2>
              <p>{t('cta.text')}</p>
            </div>
            <Link className="button button--light button--large" to={paths.candidateSignUp}>
              {t('cta.button')}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
