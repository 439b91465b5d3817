// The composer under an open thread: the message (1 to 5,000 characters) and
// Send; Ctrl+Enter (Cmd+Enter on a Mac) sends too. After sending the field is
// emptied and keeps the focus, for the next message; what failed is said above
// the field (the thread closed meanwhile, a rule beside the field).
import { zodResolver } from '@hookform/resolvers/zod';
import { type KeyboardEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '@/components/form/text-area-field';
import { FormAlert } from '@/components/ui/form-alert';
import { applyServerErrors } from '@/lib/form/server-errors';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { useApiErrorMessage } from '@/lib/use-api-error-message';
import { useWriteMessage } from '../api/write-message';
import { conversationMessageSchema, type ConversationMessageValues } from '../utils/message-rules';

export function MessageComposer({ conversationId, name }: { conversationId: number; name: string }) {
  const { t } = useTranslation('contacts');
  const ruleMessage = useRuleMessage();
  const errorMessage = useApiErrorMessage();
  const write = useWriteMessage(conversationId);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, resetField, setFocus, formState } = useForm<ConversationMessageValues>({
    resolver: zodResolver(conversationMessageSchema),
    defaultValues: { body: '' },
  });

  const submit = handleSubmit(async ({ body }) => {
    setFailure(null);
    try {
      await write.mutateAsync(body.trim());
      resetField('body');
      setFocus('body');
    } catch (error) {
      const placed = applyServerErrors(error, setError, ['body']);
      if (!placed || placed.fields.length === 0) setFailure(errorMessage(error));
    }
  });

  const sendOnShortcut = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className="composer" noValidate onSubmit={(event) => void submit(event)} data-testid="composer">
      {failure && <FormAlert testId="composer-error">{failure}</FormAlert>}
      <TextAreaField
        id={`message-${conversationId}`}
        label={t('composer.label', { name })}
        hint={t('composer.hint')}
        rows={3}
        {...register('body')}
        onKeyDown={sendOnShortcut}
        error={ruleMessage(formState.errors.body)}
      />
      <div className="composer__actions">
        <button type="submit" className="button button--primary" disabled={formState.isSubmitting} data-testid="composer-send">
          {formState.isSubmitting ? t('composer.sending') : t('composer.send')}
        </button>
      </div>
    </form>
  );
}
