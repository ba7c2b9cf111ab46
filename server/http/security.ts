/**
 * Security headers (helmet; the CSP lets the built React site run: same-origin scripts and the
 * tracking page's one inline script by its hash, inline styles, images from self, data: and blob:), strict CORS (same origin unless CORS_ORIGINS), and
 * the rate limiter the sensitive routes opt into (in memory, or Redis shared by several servers,
 * falling back to memory while Redis is down: a limit is never the reason a request fails; in
 * memory, counted by ./window-store.ts), and
 * `Cache-Control: no-store` on every answer of the API's calls.
 */
import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit, {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
  type RateLimitOptions,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { earlyTrackingScript } from '../../src/api/contract/earlyTracking';
import type { ServerConfig } from '../config';
import { Problem } from './problems';
import { WindowStore } from './window-store';

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

/** The 429's message, with the wait in minutes when it is longer than one. */
export const rateLimitedMessage = (waitMs: number) =>
  waitMs <= 60_000
    ? RATE_LIMITED_MESSAGE
    : `Too many attempts. Please wait ${Math.ceil(waitMs / 60_000)} minutes and try again.`;

/**
 * The one inline script the site has, by its hash: the tracking page's early look-up, which asks
 * for the status while the app downloads (src/api/contract/earlyTracking.ts, written into
 * /package-details by scripts/prerender.ts). No other inline script runs.
 */
export const EARLY_TRACKING_HASH = `'sha256-${crypto
  .createHash('sha256')
  .update(earlyTrackingScript())
  .digest('base64')}'`;

const helmetOptions = (config: ServerConfig): FastifyHelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", EARLY_TRACKING_HASH],
      // A photo is shrunk in a web worker that browser-image-compression starts from a blob: URL
      // and that loads the library from this site (src/ui/photos/shrinkPhoto.ts).
      workerSrc: ["'self'", 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...config.corsOrigins],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // The site is also served over plain HTTP on loopback; upgrading would break it there.
      upgradeInsecureRequests: null,
    },
  },
});

/**
 * The headers helmet sets for our policy, computed once by helmet itself on a probe request:
 * @fastify/helmet rebuilds them on every request, which took about a third of a tracking lookup.
 */
async function helmetHeaders(config: ServerConfig): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, helmetOptions(config));
  probe.get('/', async () => '');
  const { headers } = await probe.inject('/');
  await probe.close();
  const notHelmets = new Set([
    'content-type',
    'content-length',
    'date',
    'connection',
    'keep-alive',
  ]);
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !notHelmets.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

/**
 * Redis whose every call answers or fails within `timeoutMs`: no queue while disconnected (a call
 * fails at once), one try per call, and reconnection in the background. Waits up to `timeoutMs`
 * for the first connection, so the first requests already count in Redis; starts without it.
 */
export async function connectRedis(url: string, timeoutMs: number): Promise<Redis> {
  const redis = new Redis(url, {
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  // Connection errors are answered by the fallback below and by /readyz; without a listener ioredis
  // would print each reconnection attempt.
  redis.on('error', () => undefined);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}

/** Whether Redis is answering, as the limiter last saw it; logs each change once. */
class RedisHealth {
  private down = false;
  constructor(private readonly log: FastifyBaseLogger) {}

  failed(error: Error) {
    if (this.down) return;
    this.down = true;
    this.log.error(
      { err: error },
      'Redis not answering: rate limits are counted in this process until it is back',
    );
  }

  answered() {
    if (!this.down) return;
    this.down = false;
    this.log.info('Redis answering again: rate limits are shared again');
  }
}

/** The stores also read a count without changing it (`createRateLimit`'s `{ increment: false }`). */
type ReadableStore = FastifyRateLimitStore & { read: FastifyRateLimitStore['incr'] };

/** Counts in Redis, and in this process's memory whenever a Redis call fails. */
class FallbackStore implements ReadableStore {
  constructor(
    private readonly shared: ReadableStore,
    private readonly local: ReadableStore,
    private readonly health: RedisHealth,
  ) {}

  incr(...[key, callback, timeWindow, max]: Parameters<FastifyRateLimitStore['incr']>) {
    this.shared.incr(
      key,
      (error, result) => {
        if (!error) {
          this.health.answered();
          return callback(null, result);
        }
        this.health.failed(error);
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  read(...[key, callback, timeWindow, max]: Parameters<FastifyRateLimitStore['incr']>) {
    this.shared.read(
      key,
      (error, result) => {
        if (!error) {
          this.health.answered();
          return callback(null, result);
        }
        this.health.failed(error);
        this.local.read(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
    return new FallbackStore(
      this.shared.child(routeOptions) as ReadableStore,
      this.local.child(routeOptions) as ReadableStore,
      this.health,
    );
  }
}

function fallbackStore(
  redis: Redis,
  nameSpace: string,
  log: FastifyBaseLogger,
): FastifyRateLimitStoreCtor {
  const health = new RedisHealth(log);
  return class extends FallbackStore {
    // The plugin hands every store its settings, these two among them.
    constructor({
      continueExceeding,
      exponentialBackoff,
    }: FastifyRateLimitOptions & RateLimitOptions) {
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new WindowStore(),
        health,
      );
    }
  };
}

export async function registerSecurity(
  app: FastifyInstance,
  config: ServerConfig,
  redis: Redis | null,
): Promise<void> {
  const headers = await helmetHeaders(config);
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    // Every call of the contract answers with a token, a code, personal data or a message about
    // them (errors included): no browser, proxy or CDN may keep a copy.
    if (request.routeOptions.config.call) reply.header('cache-control', 'no-store');
  });
  await app.register(cors, { origin: config.corsOrigins.length ? config.corsOrigins : false });
  await app.register(rateLimit, {
    global: false,
    // In memory: a store whose counts the addresses of others cannot push out (./window-store.ts).
    store: redis ? fallbackStore(redis, config.redisPrefix, app.log) : WindowStore,
    errorResponseBuilder: (_request, { ttl }) => new Problem(429, rateLimitedMessage(ttl)),
  });
}
