// /admin/etablissements: the institutions schools asked to add, the oldest
// first. Accepting creates the institution under a name the operator may fix
// (the requested one to start with), or finds the one that already has that
// name; refusing drops the request, after a confirmation. A request someone
// else handled meanwhile says so, and the list is asked again.
import '@/styles/dashboard-blocks.css';
import '../admin.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '@/components/form/text-field';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { QueryEmpty, QueryState } from '@/components/ui/query-state';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { applyServerErrors } from '@/lib/form/server-errors';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { formatDate } from '@/lib/format-date';
import { showToast } from '@/lib/toasts';
import { useApiErrorMessage } from '@/lib/use-api-error-message';
import type { InstitutionRequestView } from '../api/admin-types';
import { useInstitutionRequests } from '../api/get-institution-requests';
import { useAcceptInstitutionRequest, useRefuseInstitutionRequest } from '../api/resolve-institution-request';

const nameSchema = z.object({ name: z.string().refine((value) => value.trim() !== '', 'required') });

function AcceptDialog({ request, onDone, onCancel }: { request: InstitutionRequestView; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('admin');
  const ruleMessage = useRuleMessage();
  const errorMessage = useApiErrorMessage();
  const accept = useAcceptInstitutionRequest();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(nameSchema),
    defaultValues: { name: request.name },
  });
  const submit = handleSubmit(async ({ name }) => {
    setFailure(null);
    try {
      const institution = await accept.mutateAsync({ id: request.id, acceptance: { name: name.trim() } });
      showToast(t('institutions.accepted', { name: institution.name }), 'success');
      onDone();
    } catch (error) {
      const placed = applyServerErrors(error, setError, ['name']);
      if (!placed || placed.fields.length === 0) setFailure(errorMessage(error));
    }
  });
  return (
    <Dialog title={t('institutions.acceptTitle')} onClose={onCancel} closeLabel={t('institutions.cancel')} size="narrow" testId="accept-dialog">
      <p>{t('institutions.acceptIntro')}</p>
      {failure && <FormAlert testId="accept-error">{failure}</FormAlert>}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          id={`institution-name-${request.id}`}
          label={t('institutions.name')}
          hint={t('institutions.nameHint')}
          required
          {...register('name')}
          error={ruleMessage(formState.errors.name)}
          data-autofocus
        />
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('institutions.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={accept.isPending} data-testid="accept-submit">
            {t('institutions.accept')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function RequestRow({ request, onLeft }: { request: InstitutionRequestView; onLeft: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const errorMessage = useApiErrorMessage();
  const refuse = useRefuseInstitutionRequest();
  const [open, setOpen] = useState<'accept' | 'refuse' | null>(null);
  const facts = [
    request.requested_by ? t('institutions.requestedBy', { school: request.requested_by }) : null,
    request.email,
    t('institutions.requestedOn', { date: formatDate(request.created_at, locale) }),
  ].filter((fact): fact is string => Boolean(fact));
  const done = () => {
    setOpen(null);
    setTimeout(onLeft, 0);
  };

  return (
    <li className="row-list__item" data-testid="institution-request">
      <div className="admin-row__text">
        <h3 className="row-list__title">{request.name}</h3>
        <p className="row-list__meta">{facts.join(' · ')}</p>
      </div>
      <div className="admin-actions">
        <button
          type="button"
          className="button button--primary"
          aria-label={t('institutions.acceptFor', { name: request.name })}
          onClick={() => setOpen('accept')}
        >
          {t('institutions.accept')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-label={t('institutions.refuseFor', { name: request.name })}
          onClick={() => setOpen('refuse')}
        >
          {t('institutions.refuse')}
        </button>
      </div>
      {open === 'accept' && <AcceptDialog request={request} onDone={done} onCancel={() => setOpen(null)} />}
      {open === 'refuse' && (
        <ConfirmDialog
          title={t('institutions.refuseTitle')}
          message={t('institutions.refuseMessage', { name: request.name })}
          confirmLabel={t('institutions.refuse')}
          cancelLabel={t('institutions.cancel')}
          busy={refuse.isPending}
          onCancel={() => setOpen(null)}
          onConfirm={() => {
            refuse
              .mutateAsync(request.id)
              .then(() => {
                showToast(t('institutions.refused', { name: request.name }), 'success');
                done();
              })
              .catch((error: unknown) => {
                setOpen(null);
                showToast(errorMessage(error), 'error');
              });
          }}
        />
      )}
    </li>
  );
}

export function InstitutionRequestsPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('institutions.title'));
  const requests = useInstitutionRequests();
  const count = useRef<HTMLParagraphElement>(null);
  return (
    <div className="admin-page" data-testid="admin-institutions">
      <PageHeader className="page-head" title={t('institutions.title')} lead={t('institutions.lead')} leadClassName="admin-page__lead" />
      <Panel titleId="institution-requests-title" title={t('institutions.listTitle')} testId="institution-requests">
        <QueryState
          query={requests}
          isEmpty={(data) => data.requests.length === 0}
          testId="institution-requests"
          empty={<QueryEmpty title={t('institutions.empty')} hint={t('institutions.emptyHint')} />}
        >
          {(data) => (
            <>
              <p className="panel__count admin-count" ref={count} tabIndex={-1} aria-live="polite">
                {t('institutions.count', { count: data.requests.length })}
              </p>
              <ul className="row-list" aria-labelledby="institution-requests-title">
                {data.requests.map((request) => (
                  <RequestRow key={request.id} request={request} onLeft={() => count.current?.focus()} />
                ))}
              </ul>
            </>
          )}
        </QueryState>
      </Panel>
    </div>
  );
}
