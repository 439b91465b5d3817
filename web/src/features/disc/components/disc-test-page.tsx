// /dashboard/candidate/tests/personalite: the DISC personality test, one
// question group at a time (a radio group: the arrow keys pick, Tab reaches
// the buttons), with its progress; answers are kept on this device as the
// candidate goes, so the test resumes where it was left. Once sent, the result
// shows as a chart with its text, the choice to show it on the public profile
// (off by default) and a way to take the test again, which replaces it.
//
// Fairness: the result informs the candidate and, only if they choose, the
// readers of their public profile; it is never a sourcing criterion nor a
// ranking input (the server keeps it out of the matcher).
import '../disc.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState, ValueQueryState } from '@/components/ui/query-state';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDate } from '@/lib/format-date';
import { useSession } from '@/lib/session';
import { type DiscForm, type TestQuestion, useDiscForm, useDiscVisibility, useSubmitDisc, useTestQuestions } from '../api/disc';
import { clearAnswers, firstUnanswered, loadAnswers, type SavedAnswers, saveAnswers } from '../utils/saved-answers';
import { DiscSummary } from './disc-summary';

function Questionnaire({ questions, userId, onSent }: { questions: TestQuestion[]; userId: number; onSent: () => void }) {
  const { t } = useTranslation('disc');
  const [saved, setSaved] = useState<SavedAnswers>(() => loadAnswers(window.localStorage, userId));
  const submit = useSubmitDisc();
  const legendRef = useRef<HTMLLegendElement>(null);
  const total = questions.length;
  const current = Math.min(saved.current, total - 1);
  const question = questions[current];
  const answeredCount = questions.filter((item) => saved.answers[item.id] !== undefined).length;

  useEffect(() => saveAnswers(window.localStorage, userId, saved), [saved, userId]);

  const moveTo = (index: number) => {
    setSaved((previous) => ({ ...previous, current: index }));
    legendRef.current?.focus();
  };
  if (!question) return null;
  const picked = saved.answers[question.id];
  const last = current === total - 1;

  const send = () => {
    const missing = firstUnanswered(
      questions.map((item) => item.id),
      saved.answers,
    );
    if (missing !== null) {
      moveTo(missing);
      return;
    }
    submit.mutate(
      questions.map((item) => ({ question: item.id, answer: saved.answers[item.id] as number })),
      {
        onSuccess: () => {
          clearAnswers(window.localStorage, userId);
          onSent();
        },
      },
    );
  };

  return (
    <form
      className="panel panel__body disc-test"
      data-testid="disc-questionnaire"
      onSubmit={(event) => {
        event.preventDefault();
        if (last) send();
        else if (picked !== undefined) moveTo(current + 1);
      }}
    >
      <p className="disc-test__progress-label" id="disc-progress-label">
        {t('progress', { current: current + 1, total })}
      </p>
      <progress className="disc-test__progress" max={total} value={answeredCount} aria-labelledby="disc-progress-label" />
      <p className="disc-test__answered" aria-live="polite">
        {t('answered', { count: answeredCount, total })}
      </p>
      <fieldset className="disc-test__group" key={question.id}>
        <legend className="disc-test__question" ref={legendRef} tabIndex={-1} data-testid="disc-question">
          {question.about}
        </legend>
        {question.answers.map((answer) => (
          <label key={answer.id} className="disc-test__answer" data-checked={picked === answer.id}>
            <input
              type="radio"
              name={`disc-question-${question.id}`}
              value={answer.id}
              checked={picked === answer.id}
              onChange={() => setSaved((previous) => ({ ...previous, answers: { ...previous.answers, [question.id]: answer.id } }))}
            />
            <span>{answer.about}</span>
          </label>
        ))}
      </fieldset>
      <div className="disc-test__actions">
        <button type="button" className="button button--secondary" disabled={current === 0} onClick={() => moveTo(current - 1)}>
          {t('previous')}
        </button>
        <button type="submit" className="button button--primary" disabled={picked === undefined || submit.isPending} data-testid="disc-next">
          {last ? t('submit') : t('next')}
        </button>
      </div>
      <p className="disc-test__note">{t('resumeNote')}</p>
    </form>
  );
}

function Result({ form, onRetake }: { form: DiscForm; onRetake: () => void }) {
  const { t, i18n } = useTranslation('disc');
  const visibility = useDiscVisibility();
  const result = form.result;
  if (!result) return null;
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const date = (value: string) => formatDate(value.slice(0, 10), locale);
  return (
    <div className="disc-result" data-testid="disc-result">
      <div className="panel panel__body">
        <DiscSummary result={result} />
        <p className="disc-result__dates">
          {t('result.takenOn', { date: date(result.taken_at) })}
          {result.first_taken_at !== result.taken_at && ` (${t('result.firstTakenOn', { date: date(result.first_taken_at) })})`}
        </p>
      </div>
      <div className="panel panel__body disc-result__choices">
        <label className="disc-result__show">
          <input
            type="checkbox"
            checked={form.show_disc}
            disabled={visibility.isPending}
            onChange={(event) => visibility.mutate(event.target.checked)}
            aria-describedby="disc-show-hint"
            data-testid="disc-show"
          />
          <span>{t('result.show')}</span>
        </label>
        <p id="disc-show-hint" className="disc-result__hint">
          {t('result.showHint')}
        </p>
        {visibility.isSuccess && (
          <p role="status" className="disc-result__hint">
            {t('result.saved')}
          </p>
        )}
        <button type="button" className="button button--secondary" onClick={onRetake} data-testid="disc-retake">
          {t('retake')}
        </button>
        <p className="disc-result__hint">{t('retakeNote')}</p>
      </div>
    </div>
  );
}

export function DiscTestPage() {
  const { t } = useTranslation('disc');
  useDocumentTitle(t('title'));
  const { user } = useSession();
  const form = useDiscForm();
  const questions = useTestQuestions();
  // a retake in progress (answers kept on this device) resumes after a reload, rather than showing the old result
  const [retaking, setRetaking] = useState(
    () => user !== null && Object.keys(loadAnswers(window.localStorage, user.id).answers).length > 0,
  );

  return (
    <div className="disc-page">
      <h1 className="page-title">{t('title')}</h1>
      <p className="disc-page__intro">{t('intro')}</p>
      <p className="disc-page__fairness" data-testid="disc-fairness">
        {t('fairness')}
      </p>
      <ValueQueryState query={form} testId="disc-form" loadingText={t('loading')}>
        {(data) =>
          data.result && !retaking ? (
            <Result form={data} onRetake={() => setRetaking(true)} />
          ) : (
            <QueryState query={questions} testId="disc-questions" loadingText={t('loading')} empty={null}>
              {(items) =>
                user ? <Questionnaire questions={items} userId={user.id} onSent={() => setRetaking(false)} /> : null
              }
            </QueryState>
          )
        }
      </ValueQueryState>
    </div>
  );
}
