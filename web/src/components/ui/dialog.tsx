// A modal dialog (WAI-ARIA dialog pattern): it takes the focus when it opens
// and gives it back to what had it when it closes, keeps Tab and Shift+Tab
// inside itself, closes on Escape, and is named by its title. It renders over
// the page in a portal; the page behind is made inert while it is open, so a
// screen reader's virtual cursor stays inside too. `ConfirmDialog` is the
// short yes/no form of it (an alertdialog) used before deleting something.
import '@/styles/dialog.css';
import '@/styles/panel-head.css';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { CrossButton } from './cross-button';

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(focusableSelector)].filter((element) => !element.closest('[hidden]'));
}

/** Makes every child of <body> but `keep` inert while a dialog is open; returns the undo. */
function makeBackgroundInert(keep: HTMLElement): () => void {
  const changed: HTMLElement[] = [];
  for (const element of [...document.body.children] as HTMLElement[]) {
    if (element === keep || element.hasAttribute('inert')) continue;
    element.setAttribute('inert', '');
    changed.push(element);
  }
  return () => changed.forEach((element) => element.removeAttribute('inert'));
}

export type DialogProps = {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** `alertdialog` for a question that interrupts (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** A wide dialog holds a form; a narrow one a question. */
  size?: 'narrow' | 'wide';
  /** Label of the close button in the corner; none when omitted. */
  closeLabel?: string;
  /** Id of the text describing the dialog. */
  describedBy?: string;
  testId?: string;
};

export function Dialog({ title, onClose, children, role = 'dialog', size = 'wide', closeLabel, describedBy, testId }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const element = panel.current;
    const restoreBackground = layer.current ? makeBackgroundInert(layer.current) : () => {};
    if (element) {
      const autoFocus = element.querySelector<HTMLElement>('[data-autofocus]');
      (autoFocus ?? focusableIn(element)[0] ?? element).focus();
    }
    return () => {
      restoreBackground();
      opener?.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = focusableIn(panel.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div className="dialog-layer" ref={layer}>
      <div className="dialog-layer__backdrop" aria-hidden="true" onClick={() => onCloseRef.current()} />
      <div
        ref={panel}
        className={`dialog dialog--${size}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        {/* a dialog's head is a panel's head: the same bar, title and close button */}
        <header className="panel__head">
          <h2 id={titleId}>
            {title}
          </h2>
          {closeLabel && (
            <CrossButton className="icon-button dialog__close" label={closeLabel} onClick={() => onCloseRef.current()} />
          )}
        </header>
        <div className="dialog__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

/** "Delete this?" with a confirm and a cancel button; Escape cancels. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const messageId = useId();
  return (
    <Dialog title={title} onClose={onCancel} role="alertdialog" size="narrow" describedBy={messageId} testId="confirm-dialog">
      <p id={messageId}>{message}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} data-autofocus>
          {cancelLabel}
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
