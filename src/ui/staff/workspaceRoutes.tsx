/**
 * The app's routes as a staff workspace page starts them (src/startWorkspace.tsx): the same
 * routes, but the public frame (header, footer, newsletter, WhatsApp bar) loads only when a public
 * page is opened, so staff pages never download it (docs/architecture.md, "What a route loads").
 */
import { lazy, Suspense } from 'react';
import { PageLoading } from '../layout/PageLoading';
import { RoutesInFrames } from '../routesInFrames';

const Layout = lazy(() => import('../layout/Layout').then(({ Layout }) => ({ default: Layout })));

function PublicFrameWhenNeeded() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Layout />
    </Suspense>
  );
}

export function WorkspaceRoutes() {
  return <RoutesInFrames PublicFrame={PublicFrameWhenNeeded} />;
}
