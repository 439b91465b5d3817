// The candidate's help menu, in the dashboard's header: a "?" button opening a
// short list of help, today the replay of the guided tutorial (from its first
// step, even once it was finished or declined). A disclosure: the button says
// whether the list is open, Escape or a click elsewhere closes it and gives
// the focus back to the button, and each entry is a plain button.
import '../tour.css';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestTutorialReplay } from '@/lib/help-tour';

export function HelpMenu() {
  const { t } = useTranslation('tour');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div className="help-menu" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t('menu.label')}
        title={t('menu.label')}
        onClick={() => setOpen(!open)}
        data-testid="help-menu"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9" />
          <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01" />
        </svg>
      </button>
      <div className="help-menu__panel" id={listId} hidden={!open}>
        <p className="help-menu__title">{t('menu.title')}</p>
        <ul>
          <li>
            <button
              type="button"
              className="help-menu__item"
              data-testid="help-replay-tutorial"
              onClick={() => {
                setOpen(false);
                requestTutorialReplay();
              }}
            >
              {t('menu.replay')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
