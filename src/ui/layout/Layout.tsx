/** Every public and member page: skip link, header, the page, footer, the WhatsApp bar and the toasts (docs/product.md). */
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { Toasts } from '../toast';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageLoading } from './PageLoading';
import { ScrollToTop } from './ScrollToTop';
import { WhatsAppBar } from './WhatsAppBar';

/** The public frame around one page (also the staff guard's "not allowed" page). */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollToTop />
      <Header />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>{children}</Suspense>
      </main>
      <Footer />
      <WhatsAppBar />
      <Toasts />
    </>
  );
}

export function Layout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
