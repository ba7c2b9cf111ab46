/**
 * Every route of docs/product.md in one table. Each page is its own chunk, loaded when visited.
 * `member` pages need a stored token (tracking is public: a receiver has no account, docs/product.md);
 * `staff` pages also need the staff role, and render in the staff workspace's shell
 * (routesInFrames.tsx). Every staff path is under /staff: main.tsx starts those without the public
 * frame.
 */
import type { ComponentType } from 'react';
import { lazyPart } from './components/lazyPart';

export interface PageRoute {
  path: string;
  /**
   * `booking`: a visitor sees and fills the form (and its price) and is asked to log in when
   * sending it, the draft kept (issue 35, docs/decisions/keep-my-place.md).
   */
  access: 'public' | 'booking' | 'member' | 'staff';
  load: () => Promise<PageModule>;
  /** The page's code, once it has arrived (`loadPage`). */
  arrived?: PageModule;
}

type PageModule = { default: ComponentType };

export const pageRoutes: PageRoute[] = [
  { path: '/', access: 'public', load: () => import('./pages/HomePage') },
  { path: '/about', access: 'public', load: () => import('./pages/AboutPage') },
  { path: '/services', access: 'public', load: () => import('./pages/ServicesPage') },
  { path: '/relocation', access: 'public', load: () => import('./pages/RelocationPage') },
  { path: '/delivery', access: 'public', load: () => import('./pages/DeliveryPage') },
  { path: '/local', access: 'public', load: () => import('./pages/LocalPage') },
  { path: '/interstate', access: 'public', load: () => import('./pages/InterstatePage') },
  { path: '/office', access: 'public', load: () => import('./pages/OfficePage') },
  { path: '/store', access: 'public', load: () => import('./pages/StorePage') },
  { path: '/partner', access: 'public', load: () => import('./pages/PartnerPage') },
  { path: '/move', access: 'public', load: () => import('./pages/MoverApplicationPage') },
  { path: '/pack', access: 'public', load: () => import('./pages/PackerApplicationPage') },
  { path: '/contact-us', access: 'public', load: () => import('./pages/ContactPage') },
  { path: '/faq', access: 'public', load: () => import('./pages/FaqPage') },
  { path: '/terms_and_conditions', access: 'public', load: () => import('./pages/TermsPage') },
  { path: '/login', access: 'public', load: () => import('./pages/LoginPage') },
  { path: '/signup', access: 'public', load: () => import('./pages/SignupPage') },
  { path: '/forgot-password', access: 'public', load: () => import('./pages/ForgotPasswordPage') },
  {
    path: '/otp-verification',
    access: 'public',
    load: () => import('./pages/OtpVerificationPage'),
  },
  { path: '/reset-password', access: 'public', load: () => import('./pages/ResetPasswordPage') },
  {
    path: '/email-verification',
    access: 'public',
    load: () => import('./pages/EmailVerificationPage'),
  },
  { path: '/resend-otp', access: 'public', load: () => import('./pages/ResendOtpPage') },
  { path: '/track', access: 'public', load: () => import('./pages/TrackPage') },
  { path: '/package-details', access: 'public', load: () => import('./pages/PackageDetailsPage') },
  { path: '/get-quote', access: 'member', load: () => import('./pages/GetQuotePage') },
  {
    path: '/interstate-quote',
    access: 'member',
    load: () => import('./pages/InterstateQuotePage'),
  },
  { path: '/local-quote', access: 'member', load: () => import('./pages/LocalQuotePage') },
  { path: '/office-quote', access: 'member', load: () => import('./pages/OfficeQuotePage') },
  {
    path: '/express-delivery',
    access: 'booking',
    load: () => import('./pages/ExpressDeliveryPage'),
  },
  {
    path: '/schedule-delivery',
    access: 'booking',
    load: () => import('./pages/ScheduleDeliveryPage'),
  },
  { path: '/bulk-delivery', access: 'member', load: () => import('./pages/BulkDeliveryPage') },
  { path: '/profile', access: 'member', load: () => import('./pages/ProfilePage') },
  { path: '/profile-update', access: 'member', load: () => import('./pages/ProfileUpdatePage') },
  { path: '/change-password', access: 'member', load: () => import('./pages/ChangePasswordPage') },
  {
    path: '/deactivate-account',
    access: 'member',
    load: () => import('./pages/DeactivateAccountPage'),
  },
  { path: '/thank-you', access: 'member', load: () => import('./pages/ThankYouPage') },
  { path: '/orders/:reference', access: 'member', load: () => import('./pages/OrderPage') },
  {
    path: '/orders/:reference/receipts/:number',
    access: 'member',
    load: () => import('./pages/ReceiptPage'),
  },
  // A crew member's day on the phone; anyone else signed in is told it is not for them.
  { path: '/crew', access: 'member', load: () => import('./pages/CrewPage') },
  { path: '/staff', access: 'staff', load: () => import('./pages/StaffOverviewPage') },
  { path: '/staff/orders', access: 'staff', load: () => import('./pages/StaffQueuePage') },
  {
    path: '/staff/orders/:reference',
    access: 'staff',
    load: () => import('./pages/StaffOrderPage'),
  },
  { path: '/staff/dispatch', access: 'staff', load: () => import('./pages/StaffDispatchPage') },
  { path: '/staff/crews', access: 'staff', load: () => import('./pages/StaffCrewsPage') },
  {
    path: '/staff/applications',
    access: 'staff',
    load: () => import('./pages/StaffApplicationsPage'),
  },
  {
    path: '/staff/subscribers',
    access: 'staff',
    load: () => import('./pages/StaffSubscribersPage'),
  },
  { path: '/staff/prices', access: 'staff', load: () => import('./pages/StaffPricesPage') },
  { path: '*', access: 'public', load: () => import('./pages/NotFoundPage') },
];

/** Loads a page's code (import() keeps its module) and keeps it on its route, for `lazyPage`. */
export const loadPage = (page: PageRoute) => page.load().then((module) => (page.arrived = module));

/**
 * The page as a lazy component. Once its code has arrived, it renders in the same pass (a promise
 * answers a tick later, and the page would show its fallback first; React then holds the page that
 * replaces a fallback for 300 ms, docs/measurements.md, "On a slow network"). Code that does not
 * arrive says so in the page's place, with Try again (components/lazyPart.tsx).
 */
export const lazyPage = (page: PageRoute) =>
  lazyPart(
    () => loadPage(page).then((module) => module.default),
    'This page',
    () => page.arrived?.default,
  );
