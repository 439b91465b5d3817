// The route manifest the build writes beside index.html (`dist/routes.json`,
// by the plugin in vite.config.ts): the router's path patterns, which the
// server reads to answer a path that is none of them with a 404 (and the
// app's "page not found") rather than a 200.
import { paths } from './paths.ts';

/** The body of `routes.json`: every pattern the router renders a page for. */
export function routeManifest(): { routes: string[] } {
  return { routes: [...new Set(Object.values(paths))].sort() };
}
