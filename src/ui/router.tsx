/**
 * The routes: the shared layout around every page of the route table, members' and staff
 * pages behind their guards. Declarative routing (no data router) keeps the first load light on slow phones.
 */
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { RequireMember } from './RequireMember';
import { RequireStaff } from './RequireStaff';
import { pageRoutes } from './routes';

const pages = pageRoutes.map((page) => ({ ...page, Page: lazy(page.load) }));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {pages.map(({ path, access, Page }) => (
          <Route
            key={path}
            path={path}
            element={
              access === 'member' ? (
                <RequireMember>
                  <Page />
                </RequireMember>
              ) : access === 'staff' ? (
                <RequireStaff>
                  <Page />
                </RequireStaff>
              ) : (
                <Page />
              )
            }
          />
        ))}
      </Route>
    </Routes>
  );
}
