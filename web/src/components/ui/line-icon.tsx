// Small line icons drawn inline, so no icon font or extra request is needed:
// the dashboard sidebar's, and the soft-skill families' (the reference list
// names each family's icon; an icon we do not draw is left out, never shown
// as its name).
import './line-icon.css';

const iconPaths = {
  home: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9a7 7 0 0 1 14 0',
  briefcase: 'M4 8h16v11H4zM9 8V5h6v3M4 13h16',
  school: 'M2 9l10-5 10 5-10 5zM6 11v5c3 2 9 2 12 0v-5',
  folder: 'M3 6h6l2 2h10v11H3z',
  heart: 'M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.5A4 4 0 0 1 19 10c0 5.5-7 10-7 10z',
  language: 'M4 5h9M8.5 3v2M6 5c0 5 3 8 6 9M11 5c0 4-3 8-7 9M13 21l4-9 4 9M14.5 18h5',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm5-2l5 5',
  spark: 'M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5L18 18M6 18l2.5-2.5M15.5 8.5L18 6',
  map: 'M9 4L3 6v14l6-2 6 2 6-2V4l-6 2zM9 4v14M15 6v14',
  edit: 'M4 20h4L19 9l-4-4L4 16zM13 7l4 4',
  'message-circle': 'M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-5A8 8 0 1 1 21 12z',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7.3M18.5 14.5A7 7 0 0 1 22 21',
  compass: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM15.5 8.5l-2 5-5 2 2-5z',
  lightbulb: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-3.6 10.8c.7.6 1.1 1.3 1.1 2.2h5c0-.9.4-1.6 1.1-2.2A6 6 0 0 0 12 3z',
  target: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM12 12.5v-1',
  'refresh-cw': 'M20 11A8 8 0 0 0 6.3 6.3L4 8.5M4 4v4.5h4.5M4 13a8 8 0 0 0 13.7 4.7L20 15.5M20 20v-4.5h-4.5',
  list: 'M9 6h11M9 12h11M9 18h11M4 6h1M4 12h1M4 18h1',
  puzzle: 'M4 8h4a2 2 0 1 1 4 0h4v4a2 2 0 1 1 0 4v4h-4a2 2 0 1 0-4 0H4v-4a2 2 0 1 0 0-4z',
} as const;

export type LineIconName = keyof typeof iconPaths;

/** Whether `name` (as a reference list gives it) is an icon drawn here. */
export function isLineIconName(name: string): name is LineIconName {
  return Object.hasOwn(iconPaths, name);
}

/** A decorative icon: hidden from assistive tech, its meaning is in the text beside it. */
export function LineIcon({ name, className }: { name: LineIconName; className?: string }) {
  return (
    <svg className={className ? `line-icon ${className}` : 'line-icon'} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={iconPaths[name]} />
    </svg>
  );
}
