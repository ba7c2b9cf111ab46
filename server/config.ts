/** Server settings from the environment (DESIGN.md's table), with the defaults that make `npm start` work alone. */
import path from 'node:path';

export interface RateLimit {
  /** Requests allowed per client address and route within the window. */
  max: number;
  windowMs: number;
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  redisUrl: string | null;
  /** Prefix of the rate-limit keys in Redis, so several deployments can share one Redis. */
  redisPrefix: string;
  opsToken: string | null;
  corsOrigins: string[];
  /** Login, sign-up, code and reset calls: what one client address may send. */
  authRateLimit: RateLimit;
  /** How long a tracking answer is reused (0: always ask the database). */
  trackingCacheMs: number;
  /** The built website to serve (dist/), or null to serve the API alone. */
  webRoot: string | null;
  logger: boolean;
}

const positive = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Relo Logistics <no-reply@relo.ng>',
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX ?? 'relo-rate-limit:',
    opsToken: env.OPS_TOKEN || null,
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter(Boolean),
    authRateLimit: {
      max: positive(env.AUTH_RATE_LIMIT, 10),
      windowMs: positive(env.AUTH_RATE_WINDOW_SECONDS, 60) * 1000,
    },
    trackingCacheMs: env.TRACKING_CACHE_MS === '0' ? 0 : positive(env.TRACKING_CACHE_MS, 2_000),
    webRoot: env.WEB_ROOT === '' ? null : path.resolve(env.WEB_ROOT ?? 'dist'),
    logger: env.LOG !== 'off',
  };
}
