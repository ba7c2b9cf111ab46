/**
 * The routes: the public frame around every public and member page of the route table (members'
 * pages behind their guard), and the staff workspace's own shell around every staff page (its
 * guard included). Declarative routing (no data router) keeps the first load light on slow phones.
 * The public frame is given by the app's start: loaded with the app on public pages (router.tsx),
 * only when first needed on staff pages (staff/workspaceRoutes.tsx), which never show it.
 */
import { Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
// The session first: TypeScript then checks the session machine before the others, an order its
// XState types are known to check cleanly in (the other order makes it report false errors).
import { SessionProvider } from './session';
import { RequireMember } from './RequireMember';
import { lazyPage, pageRoutes } from './routes';
import { PageLoading } from './layout/PageLoading';
import { lazyPart } from './components/lazyPart';

// The workspace's frame loads with the first staff page, not with every visitor's first load.
const StaffShell = lazyPart(
  () => import('./staff/StaffShell').then(({ StaffShell }) => StaffShell),
  'The staff workspace',
);

const pages = pageRoutes.map((page) => ({ ...page, Page: lazyPage(page) }));

/** `PublicFrame` renders the public frame around its route's page (an `<Outlet />`). */
export function RoutesInFrames({ PublicFrame }: { PublicFrame: ComponentType }) {
  return (
    <SessionProvider>
      <Routes>
        <Route element={<PublicFrame />}>
          {pages
            .filter(({ access }) => access !== 'staff')
            // A booking page is open to visitors; its form asks for the login (RequireMember.tsx).
            .map(({ path, access, Page }) => (
              <Route
                key={path}
                path={path}
                element={
                  access === 'member' ? (
                    <RequireMember>
                      <Page />
                    </RequireMember>
                  ) : (
                    <Page />
                  )
                }
              />
            ))}
        </Route>
        <Route
          element={
            <Suspense fallback={<PageLoading />}>
              <StaffShell />
            </Suspense>
          }
        >
          {pages
            .filter(({ access }) => access === 'staff')
            .map(({ path, Page }) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
        </Route>
      </Routes>
    </SessionProvider>
  );
}
