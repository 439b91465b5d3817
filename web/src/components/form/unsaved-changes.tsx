// Changes typed into a form are not lost without a word. Each form with a
// save button reports whether it holds unsaved changes (`useUnsavedChanges`);
// one prompt, mounted once by the app (`UnsavedChangesPrompt`), holds a move
// away from the page while any form does: a move inside the app (a menu link,
// Back) waits on react-router's blocker while a translated dialog asks
// whether to stay (the default, on Enter or Escape) or leave without saving;
// closing or reloading the tab gets the browser's own question
// (`beforeunload`, whose text browsers no longer let a page choose). A change
// of the query or hash alone stays on the page and is never held. One prompt
// for all forms, as a router consults only one blocker (a settings page has
// three forms).
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ui/dialog';

/** The forms holding unsaved changes now, each by a key of its own. */
const dirtyForms = new Set<symbol>();
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const anyDirty = () => dirtyForms.size > 0;

/** Tells the prompt whether this form holds unsaved changes, for as long as it is on the page. */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const key = Symbol('dirty form');
    dirtyForms.add(key);
    changed();
    return () => {
      dirtyForms.delete(key);
      changed();
    };
  }, [dirty]);
}

/** The question asked when leaving a page whose forms hold unsaved changes; mounted once, inside the router. */
export function UnsavedChangesPrompt() {
  const { t } = useTranslation('forms');
  const dirty = useSyncExternalStore(subscribe, anyDirty, anyDirty);
  // read when the move is asked for, not when this rendered: a form changed since still counts
  const blocker = useBlocker(({ currentLocation, nextLocation }) => anyDirty() && currentLocation.pathname !== nextLocation.pathname);

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

  // a form saved just before it navigates still counted for the move it made: once it no longer does, the move goes on
  useEffect(() => {
    if (!dirty && blocker.state === 'blocked') blocker.proceed();
  }, [dirty, blocker]);

  if (!dirty || blocker.state !== 'blocked') return null;
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
