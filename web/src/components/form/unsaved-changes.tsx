// Changes typed into a form are not lost without a word: while a form holds
// unsaved changes, leaving its page asks first. A move inside the app (a menu
// link, Back) is held by react-router's blocker and a translated dialog asks
// whether to stay (the default, on Enter or Escape) or leave without saving;
// closing or reloading the tab gets the browser's own question
// (`beforeunload`, whose text browsers no longer let a page choose). A change
// of the query or hash alone stays on the page and is never held.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type Blocker, useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ui/dialog';

/** Holds navigation away from the page while `dirty`; the blocker says when a move waits for an answer. */
export function useUnsavedChanges(dirty: boolean): Blocker {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the question only when returnValue is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // changes saved (or dropped) while the question is open: nothing is left to lose
  useEffect(() => {
    if (!dirty && blocker.state === 'blocked') blocker.proceed();
  }, [dirty, blocker]);

  return blocker;
}

/** The question asked when leaving a page whose form holds unsaved changes (`when`). */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useTranslation('forms');
  const blocker = useUnsavedChanges(when);
  // a form saved just before it navigates is still "dirty" for the move it made; the hook lets that move go on
  if (!when || blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      title={t('unsaved.title')}
      message={t('unsaved.message')}
      confirmLabel={t('unsaved.leave')}
      cancelLabel={t('unsaved.stay')}
      onConfirm={() => blocker.proceed()}
      onCancel={() => blocker.reset()}
    />
  );
}
