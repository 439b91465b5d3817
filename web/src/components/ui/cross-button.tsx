// A button drawn as a cross that closes or removes something (a toast, a
// dialog, the candidate panel, a chosen place or language). The cross says
// nothing to a screen reader, so the label names what the button does.
import type { Ref } from 'react';

type CrossButtonProps = {
  label: string;
  onClick: () => void;
  /** `icon-button` (a bordered square) unless the place styles its own. */
  className?: string;
  ref?: Ref<HTMLButtonElement>;
};

export function CrossButton({ label, onClick, className = 'icon-button', ref }: CrossButtonProps) {
  return (
    <button ref={ref} type="button" className={className} aria-label={label} onClick={onClick}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6 6 18" />
      </svg>
    </button>
  );
}
