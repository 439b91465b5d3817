// The home route: the public landing page.
import { LandingPage } from '@/features/landing/components/landing-page';

export default function HomeRoute() {
  return <LandingPage />;
}
