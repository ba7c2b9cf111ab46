/**
 * Server settings from the environment (docs/configuration.md), with the defaults that make
 * `npm start` work alone.
 */
import path from 'node:path';
import { company } from '../src/content/company';
import type { SessionPurgeSettings } from './accounts/session-purge';
import type { BatchLimits } from './orders/batches';
import type { MailSettings } from './mail/outbox';
import type { TextSettings } from './messages/outbox';

export interface RateLimit {
  /** Requests allowed per client address and route (per account for logins) within the window. */
  max: number;
  windowMs: number;
}

/** The limits on mailed codes per account (server/accounts/code-limits.ts; docs/security.md). */
export interface CodeLimits {
  /** Tries of one kind of code per account per window, across every code issued in it. */
  triesPerWindow: number;
  /** Codes of one kind issued to an account per window. */
  issuedPerWindow: number;
  windowMs: number;
  /** The least time between two codes of one kind for an account. */
  issueIntervalMs: number;
  /** Codes and security alerts mailed to one address per hour, whatever account asks. */
  mailsPerRecipientHour: number;
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** Where the customers' own actions on their orders (cancel, new dates, answers to offers) are mailed. */
  staffEmail: string;
  redisUrl: string | null;
  /** Prefix of the rate-limit keys in Redis, so several deployments can share one Redis. */
  redisPrefix: string;
  opsToken: string | null;
  corsOrigins: string[];
  /** Login, sign-up, code and reset calls: what one client address may send. */
  authRateLimit: RateLimit;
  /** Logins per account, from any address: attempts allowed per window (server/accounts/login-throttle.ts). */
  loginThrottle: RateLimit;
  /** Newsletter sign-ups one client address may send. */
  newsletterRateLimit: RateLimit;
  /** Mover applications, and packer applications, one client address may send (each its own count). */
  applicationRateLimit: RateLimit;
  /** Tracking lookups one client address may send, right references or not. */
  trackingRateLimit: RateLimit;
  /** Wrong tracking references one client address may send; beyond them every lookup waits (server/http/tracking-misses.ts). */
  trackingMissLimit: RateLimit;
  /** Fastify's `trustProxy` (TRUST_PROXY): off, or the addresses of the proxies whose X-Forwarded-For is believed. */
  trustProxy: false | string[];
  codeLimits: CodeLimits;
  /** Quotes and deliveries one account may book per hour (0: no limit). */
  orderRateLimit: number;
  /** Bookings stored together: at most `maxSize` in one statement, `maxRunning` statements at once (server/orders/batches.ts). */
  bookingBatches: BatchLimits;
  /** Expired sessions deleted in the background: a round every `everyMs`, `batchSize` rows a statement (server/accounts/session-purge.ts). */
  sessionPurge: SessionPurgeSettings;
  /** How long a tracking answer is reused (0: always ask the database). */
  trackingCacheMs: number;
  /** The built website to serve (dist/), or null to serve the API alone. */
  webRoot: string | null;
  logger: boolean;
  /** Where the log goes instead of standard output (tests read it). */
  logStream?: { write(line: string): void };
  mail: MailSettings;
  /** Every wait bounded: database statements and connections, Redis calls, a request's upload. */
  timeouts: { databaseMs: number; redisMs: number; requestMs: number };
  /**
   * Online payments (docs/operations.md, "Payments"): without PAYSTACK_SECRET_KEY the server runs
   * in test mode against its own test gateway (server/routes/paystack-test-gateway.ts) with a
   * random key; in production only when PAYSTACK_TEST_MODE=1 says so (readConfig refuses
   * otherwise). `baseUrl` null: Paystack's API, or the test gateway on this server in test mode.
   */
  paystack: { secretKey: string | null; baseUrl: string | null };
  /** Percent of what was paid kept when a paid order is cancelled within 3 days of its date. */
  cancellationFeePercent: number;
  /**
   * The site's public origin (PUBLIC_URL, such as https://relo.ng): Paystack's callback and the
   * links in mails are built from it, never from a request's Host. Null: this server's own
   * address once it listens, http://HOST:PORT (./http/public-origin.ts).
   */
  publicUrl: string | null;
  /**
   * Texts through Termii (docs/messages.md): without TERMII_API_KEY the server texts its own
   * test gateway (server/routes/termii-test-gateway.ts), and nothing reaches a phone. The key
   * never reaches a log line, an error body or the browser.
   */
  termii: { apiKey: string | null; senderId: string; baseUrl: string };
  /** The text sender's retries, timeout and per-number limit (server/messages/outbox.ts). */
  texts: TextSettings;
  /** Payments started or verified by one account, from any address (server/http/payment-limits.ts). */
  paymentAccountLimit: RateLimit;
  /** Payments started or verified on one order, whoever asks. */
  paymentOrderLimit: RateLimit;
}

export const PAYSTACK_API = 'https://api.paystack.co';
/** Termii's API for Nigerian accounts; an account's dashboard names its own base URL (TERMII_BASE_URL). */
export const TERMII_API = 'https://api.ng.termii.com';
/** The sender ID texts show in test mode, and by default: register your own with Termii. */
export const DEFAULT_SENDER_ID = 'Relo';
/**
 * docs/operations.md, "Payments": the crew and truck booked for the day are hard to re-let at 3
 * days' notice.
 */
export const DEFAULT_CANCELLATION_FEE_PERCENT = 10;

function percent(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || parsed > 100) {
    throw new Error(
      `CANCELLATION_FEE_PERCENT=${value}: give a percentage from 0 to 100, such as 10.`,
    );
  }
  return parsed;
}

const positive = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
};

const perWindow = (
  env: NodeJS.ProcessEnv,
  name: string,
  max: number,
  windowSeconds: number,
): RateLimit => ({
  max: positive(env[`${name}_LIMIT`], max),
  windowMs: positive(env[`${name}_WINDOW_SECONDS`], windowSeconds) * 1000,
});

/**
 * PUBLIC_URL: an http(s) origin, with no path, query or credentials (a trailing slash is
 * dropped); unset or empty: null, the server's own address.
 */
function publicUrl(value: string | undefined): string | null {
  if (value === undefined || value.trim() === '') return null;
  let url: URL | null = null;
  try {
    url = new URL(value.trim());
  } catch {
    // Refused below with the same message.
  }
  if (
    !url ||
    !['http:', 'https:'].includes(url.protocol) ||
    url.username ||
    url.password ||
    url.pathname !== '/' ||
    url.search ||
    url.hash
  ) {
    throw new Error(
      `PUBLIC_URL=${value}: give the site's public origin, such as https://relo.ng, with no path after it.`,
    );
  }
  return url.origin;
}

/**
 * TRUST_PROXY: unset (off), or the proxies' addresses and CIDRs, comma-separated (`loopback`,
 * `linklocal` and `uniquelocal` name those ranges). Not a number of hops, nor `true`: either would
 * take the address a client that reaches the server directly writes in X-Forwarded-For itself
 * (Fastify refuses hop counts for that reason).
 */
function trustProxy(value: string | undefined): ServerConfig['trustProxy'] {
  const proxies = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (proxies.length === 0) return false;
  if (proxies.some((entry) => entry === 'true' || /^[0-9]+$/.test(entry))) {
    throw new Error(
      `TRUST_PROXY=${value}: give the addresses (or CIDRs) of the proxies in front of the server, such as 127.0.0.1 or 10.0.0.0/8; a hop count or "true" would let any client choose its own address.`,
    );
  }
  return proxies;
}

/** TERMII_SENDER_ID: 3 to 11 letters, digits, spaces, dots, dashes or underscores (Termii's rule). */
function termiiSenderId(value: string | undefined): string {
  const id = value?.trim() || DEFAULT_SENDER_ID;
  if (!/^[A-Za-z0-9 ._-]{3,11}$/.test(id)) {
    throw new Error(
      `TERMII_SENDER_ID=${value}: give the sender ID registered on your Termii account, 3 to 11 letters or digits, such as ReloNG.`,
    );
  }
  return id;
}

export const MISSING_PAYSTACK_KEY =
  'PAYSTACK_SECRET_KEY is not set: in production (NODE_ENV=production) the server takes real payments only. Set PAYSTACK_SECRET_KEY to your Paystack secret key, or set PAYSTACK_TEST_MODE=1 to run with the built-in test gateway, where no real money moves and every payment and receipt is marked TEST.';

/**
 * A production server without a Paystack key would take every order "paid" through its own test
 * gateway, with real receipt numbers: it refuses to start unless test mode is chosen by name.
 */
function paystackSecretKey(env: NodeJS.ProcessEnv): string | null {
  const key = env.PAYSTACK_SECRET_KEY || null;
  if (!key && env.NODE_ENV === 'production' && env.PAYSTACK_TEST_MODE !== '1')
    throw new Error(MISSING_PAYSTACK_KEY);
  return key;
}

export const MISSING_TERMII_KEY =
  'TERMII_API_KEY is not set: in production (NODE_ENV=production) texts go to real phones only. Set TERMII_API_KEY to your Termii API key, or set TERMII_TEST_MODE=1 to keep every text in the built-in test gateway, where none reaches a phone.';

/**
 * A production server without a Termii key would keep every customer's text in its own test
 * inbox and tell nobody: it refuses to start unless test mode is chosen by name, as for Paystack.
 */
function termiiApiKey(env: NodeJS.ProcessEnv): string | null {
  const key = env.TERMII_API_KEY || null;
  if (!key && env.NODE_ENV === 'production' && env.TERMII_TEST_MODE !== '1')
    throw new Error(MISSING_TERMII_KEY);
  return key;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Relo Logistics <no-reply@relo.ng>',
    staffEmail: env.STAFF_EMAIL || env.VITE_COMPANY_EMAIL || company.email,
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX ?? 'relo-rate-limit:',
    opsToken: env.OPS_TOKEN || null,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    authRateLimit: {
      max: positive(env.AUTH_RATE_LIMIT, 10),
      windowMs: positive(env.AUTH_RATE_WINDOW_SECONDS, 60) * 1000,
    },
    loginThrottle: {
      max: positive(env.LOGIN_THROTTLE_MAX, 10),
      windowMs: positive(env.LOGIN_THROTTLE_WINDOW_SECONDS, 900) * 1000,
    },
    newsletterRateLimit: perWindow(env, 'NEWSLETTER_RATE', 20, 3_600),
    applicationRateLimit: perWindow(env, 'APPLICATION_RATE', 10, 3_600),
    trackingRateLimit: perWindow(env, 'TRACKING_RATE', 300, 60),
    trackingMissLimit: perWindow(env, 'TRACKING_MISS', 30, 600),
    trustProxy: trustProxy(env.TRUST_PROXY),
    codeLimits: {
      triesPerWindow: positive(env.CODE_TRIES_PER_DAY, 10),
      issuedPerWindow: positive(env.CODES_PER_DAY, 10),
      windowMs: 86_400_000,
      issueIntervalMs: positive(env.CODE_INTERVAL_SECONDS, 60) * 1000,
      mailsPerRecipientHour: positive(env.CODE_MAILS_PER_ADDRESS_HOUR, 10),
    },
    orderRateLimit: env.ORDER_RATE_LIMIT === '0' ? 0 : positive(env.ORDER_RATE_LIMIT, 60),
    paystack: {
      secretKey: paystackSecretKey(env),
      baseUrl: env.PAYSTACK_BASE_URL?.replace(/\/+$/, '') || null,
    },
    cancellationFeePercent: percent(env.CANCELLATION_FEE_PERCENT, DEFAULT_CANCELLATION_FEE_PERCENT),
    publicUrl: publicUrl(env.PUBLIC_URL),
    termii: {
      apiKey: termiiApiKey(env),
      senderId: termiiSenderId(env.TERMII_SENDER_ID),
      baseUrl: env.TERMII_BASE_URL?.replace(/\/+$/, '') || TERMII_API,
    },
    texts: {
      retryMs: positive(env.TEXT_RETRY_MS, 10_000),
      pollMs: positive(env.TEXT_POLL_MS, 1_000),
      giveUpMs: positive(env.TEXT_GIVE_UP_MS, 86_400_000),
      timeoutMs: positive(env.TERMII_TIMEOUT_MS, 10_000),
      perNumberHour: positive(env.TEXTS_PER_NUMBER_HOUR, 10),
    },
    paymentAccountLimit: perWindow(env, 'PAYMENT_ACCOUNT_RATE', 30, 600),
    paymentOrderLimit: perWindow(env, 'PAYMENT_ORDER_RATE', 10, 600),
    bookingBatches: {
      maxSize: positive(env.BOOKING_BATCH_SIZE, 16),
      maxRunning: positive(env.BOOKING_BATCH_STATEMENTS, 4),
    },
    sessionPurge: { everyMs: positive(env.SESSION_PURGE_SECONDS, 600) * 1000, batchSize: 500 },
    trackingCacheMs: env.TRACKING_CACHE_MS === '0' ? 0 : positive(env.TRACKING_CACHE_MS, 2_000),
    webRoot: env.WEB_ROOT === '' ? null : path.resolve(env.WEB_ROOT ?? 'dist'),
    logger: env.LOG !== 'off',
    mail: {
      retryMs: positive(env.MAIL_RETRY_MS, 10_000),
      pollMs: positive(env.MAIL_POLL_MS, 1_000),
      giveUpMs: positive(env.MAIL_GIVE_UP_MS, 86_400_000),
      smtpTimeoutMs: positive(env.SMTP_TIMEOUT_MS, 5_000),
    },
    timeouts: {
      databaseMs: positive(env.DATABASE_TIMEOUT_MS, 10_000),
      redisMs: positive(env.REDIS_TIMEOUT_MS, 1_000),
      requestMs: positive(env.REQUEST_TIMEOUT_MS, 25_000),
    },
  };
}
