// Renders the toast queue bottom-right (spec §9). A polite live region so
// screen readers announce messages; errors use role="alert" to interrupt.
import { useTranslation } from 'react-i18next';
import { dismissToast, type Toast, useToasts } from '@/lib/toasts';
import { CrossButton } from './cross-button';

function ToastIcon({ type }: { type: Toast['type'] }) {
  const paths: Record<Toast['type'], string> = {
    default: 'M12 8v5m0 3h.01',
    info: 'M12 11v5m0-8h.01',
    success: 'M7 12.5l3 3 7-7',
    warning: 'M12 8v4m0 4h.01',
    error: 'M9 9l6 6m0-6l-6 6',
  };
  return (
    <svg className="toast__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" />
      <path d={paths[type]} />
    </svg>
  );
}

export function Toaster() {
  const toasts = useToasts();
  const { t } = useTranslation('common');
  return (
    <section className="toaster" aria-label={t('toast.region')} aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.type}`}
          role={toast.type === 'error' ? 'alert' : 'status'}
          data-testid="toast"
          data-type={toast.type}
        >
          <ToastIcon type={toast.type} />
          <p className="toast__message">
            <span className="visually-hidden">{t('toast.announce', { type: t(`toast.types.${toast.type}`) })}</span>
            {toast.message}
          </p>
          <CrossButton className="bare-icon-button toast__close" label={t('toast.close')} onClick={() => dismissToast(toast.id)} />
        </div>
      ))}
    </section>
  );
}
