/** The app's routes with the public frame loaded at once: every page but the staff workspace's. */
import { Layout } from './layout/Layout';
import { RoutesInFrames } from './routesInFrames';

export function AppRoutes() {
  return <RoutesInFrames PublicFrame={Layout} />;
}
