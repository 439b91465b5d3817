// The bookmark toggle of a candidate, in the list and in the side panel.
import '../styles/save-toggle.css';
import { useTranslation } from 'react-i18next';

export function SaveCandidateButton({
  saved,
  name,
  busy,
  onToggle,
  compact = false,
}: {
  saved: boolean;
  name: string;
  busy: boolean;
  onToggle: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation('sourcing');
  return (
    <button
      type="button"
      className={`save-toggle${compact ? ' save-toggle--compact' : ''}`}
      aria-pressed={saved}
      aria-label={saved ? t('hit.unsaveCandidate', { name }) : t('hit.saveCandidate', { name })}
      disabled={busy}
      data-testid="save-candidate"
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M6 3.5h12a1 1 0 0 1 1 1V21l-7-4.5L5 21V4.5a1 1 0 0 1 1-1Z" />
      </svg>
      {!compact && <span>{saved ? t('hit.saved') : t('hit.save')}</span>}
    </button>
  );
}
