// The manifest the server decides 200 or 404 by holds exactly the patterns the
// router renders a page for.
import { describe, expect, it } from 'vitest';
import { routePages } from './router';
import { paths, type RouteName } from '@/config/paths';
import { routeManifest } from '@/config/route-manifest';

describe('routeManifest', () => {
  it('lists every route of the router, and nothing else', () => {
    const routed = (Object.keys(routePages) as RouteName[]).map((name) => paths[name]);
    expect(routeManifest().routes).toEqual([...new Set(routed)].sort());
    expect(routeManifest().routes).toContain('/candidat/:slug');
    expect(routeManifest().routes).not.toContain('*');
  });
});
