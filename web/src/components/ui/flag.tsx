// A language's flag as a small picture (lib/flags.ts says why not the emoji).
// It only decorates the language's name written beside it, so it has no text
// of its own for a screen reader.
import '@/styles/flag.css';
import { flagUrl } from '@/lib/flags';

export function Flag({ flag, className }: { flag: string | null | undefined; className?: string }) {
  const url = flagUrl(flag);
  if (url === null) return null;
  return <img className={className ? `flag ${className}` : 'flag'} src={url} alt="" width={20} height={15} data-testid="flag" />;
}
