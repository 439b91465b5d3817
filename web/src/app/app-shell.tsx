// Puts the current page in its layout (spec §2 rule) and runs the page
// transition. The layout follows the page on screen, so a page leaves inside
// its own frame before the next one arrives in its frame. At start-up it asks
// the server who is logged in, and the route guard keeps each user to the
// pages they may open (spec §6). One prompt asks before a page with unsaved
// changes is left.
import { type ComponentType, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { UnsavedChangesPrompt } from '@/components/form/unsaved-changes';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { PageLoader } from '@/components/ui/page-loader';
import { PageTransition, usePageTransition } from '@/components/ui/page-transition';
import { Toaster } from '@/components/ui/toaster';
import { useSessionHydration } from '@/features/auth/hooks/use-session-hydration';
import { registerNavigator } from '@/lib/navigation';
import { DashboardLayout } from './layouts/dashboard-layout';
import { DefaultLayout } from './layouts/default-layout';
import { type LayoutName, selectLayout } from './layouts/select-layout';
import { SourcingLayout } from './layouts/sourcing-layout';
import { ViewerLayout } from './layouts/viewer-layout';
import { RouteGuard } from './route-guard';
import { AppRoutes } from './router';

const layouts: Record<LayoutName, ComponentType<{ pathname: string; children: ReactNode }>> = {
  default: DefaultLayout,
  dashboard: DashboardLayout,
  sourcing: SourcingLayout,
  viewer: ViewerLayout,
};

function PageError() {
  const { t } = useTranslation('common');
  return (
    <section className="page-error" role="alert">
      <h1 className="page-title">{t('error.title')}</h1>
      <p>{t('error.text')}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </button>
    </section>
  );
}

/** Lets the API client and other non-component code navigate through the router. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((to, options) => {
      void navigate(to, options);
    });
  }, [navigate]);
  return null;
}

export function AppShell() {
  useSessionHydration();
  const location = useLocation();
  const { displayedLocation, phase } = usePageTransition(location);
  const Layout = layouts[selectLayout(displayedLocation.pathname)];

  return (
    <>
      <NavigatorBridge />
      <RouteGuard displayed={displayedLocation}>
        <Layout pathname={displayedLocation.pathname}>
          <PageTransition pageKey={displayedLocation.pathname} phase={phase}>
            <ErrorBoundary fallback={<PageError />}>
              <Suspense fallback={<PageLoader />}>
                <AppRoutes location={displayedLocation} />
              </Suspense>
            </ErrorBoundary>
          </PageTransition>
        </Layout>
      </RouteGuard>
      <UnsavedChangesPrompt />
      <Toaster />
    </>
  );
}
