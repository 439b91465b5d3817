// /metier/offre/creer: the stepped job offer creation (steps and their order
// are decided in utils/offer-form.ts). Each step is checked before the next
// one; the last step reads everything back, then saves a draft or publishes.
// Once created, the recruiter can open the offer's page or a sourcing search
// pre-filled from the offer. The flow
// is hooks/use-offer-creation.ts, the fields of each step offer-step-fields.tsx.
import '../offers.css';
import { useTranslation } from 'react-i18next';
import { Stepper } from '@/components/ui/stepper';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useOfferCreation } from '../hooks/use-offer-creation';
import { offerSteps } from '../utils/offer-form';
import { OfferCreated } from './offer-created';
import { OfferStepFields } from './offer-step-fields';

export function OfferCreatePage() {
  const { t } = useTranslation('offers');
  useDocumentTitle(t('title'));
  const { form, step, stepIndex, created, creating, next, back, create } = useOfferCreation();

  if (created !== null) return <OfferCreated id={created.id} creation={created.creation} title={form.getValues('title').trim()} />;

  return (
    <section className="offer-flow" aria-labelledby="offer-flow-title">
      <h1 className="page-title" id="offer-flow-title">
        {t('title')}
      </h1>
      <Stepper
        label={t('stepsLabel')}
        steps={offerSteps.map((name) => ({ key: name, label: t(`steps.${name}.title`) }))}
        current={stepIndex}
        className="stepper--offer"
      />
      <form
        className="offer-flow__card"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (step === 'review') void create('publish');
          else void next();
        }}
      >
        <h2 className="offer-flow__step-title">{t(`steps.${step}.title`)}</h2>
        <p className="offer-flow__step-lead">{t(`steps.${step}.lead`)}</p>
        <OfferStepFields step={step} form={form} />
        <div className="offer-flow__actions">
          {stepIndex > 0 && (
            <button type="button" className="button button--ghost" onClick={back}>
              {t('back')}
            </button>
          )}
          {step === 'review' && (
            <button type="button" className="button button--secondary" disabled={creating} onClick={() => void create('draft')}>
              {t('saveDraft')}
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={creating}>
            {step === 'review' ? (creating ? t('publishing') : t('publish')) : t('next')}
          </button>
        </div>
      </form>
    </section>
  );
}
