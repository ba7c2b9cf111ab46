/** Every page: skip link, header, the page, footer, the WhatsApp bar and the toasts (docs/product.md). */
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { SessionProvider } from '../session';
import { Toasts } from '../toast';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageLoading } from './PageLoading';
import { ScrollToTop } from './ScrollToTop';
import { WhatsAppBar } from './WhatsAppBar';

export function Layout() {
  return (
    <SessionProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollToTop />
      <Header />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <WhatsAppBar />
      <Toasts />
    </SessionProvider>
  );
}
