// Small line icons for the dashboard sidebar, drawn inline so no icon font or
// extra request is needed.
import type { DashboardIcon } from './dashboard-links';

const iconPaths: Record<DashboardIcon, string> = {
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
};

export function SidebarIcon({ name }: { name: DashboardIcon }) {
  return (
    <svg className="sidebar__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={iconPaths[name]} />
    </svg>
  );
}
