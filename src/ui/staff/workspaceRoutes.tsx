/**
 * The app's routes as a staff workspace page starts them (src/startWorkspace.tsx): the same
 * routes, but the public frame (header, footer, newsletter, WhatsApp bar) loads only when a public
 * page is opened, so staff pages never download it (docs/architecture.md, "What a route loads").
 */
import { Suspense } from 'react';
import { PageLoading } from '../layout/PageLoading';
import { RoutesInFrames } from '../routesInFrames';
import { lazyPart } from '../components/lazyPart';

const Layout = lazyPart(() => import('../layout/Layout').then(({ Layout }) => Layout), 'This page');

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
