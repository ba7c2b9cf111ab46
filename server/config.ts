/** Server settings from the environment (DESIGN.md's table), with the defaults that make `npm start` work alone. */
import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  redisUrl: string | null;
  opsToken: string | null;
  corsOrigins: string[];
  /** The built website to serve (dist/), or null to serve the API alone. */
  webRoot: string | null;
  logger: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Relo Logistics <no-reply@relo.ng>',
    redisUrl: env.REDIS_URL || null,
    opsToken: env.OPS_TOKEN || null,
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter(Boolean),
    webRoot: env.WEB_ROOT === '' ? null : path.resolve(env.WEB_ROOT ?? 'dist'),
    logger: env.LOG !== 'off',
  };
}
