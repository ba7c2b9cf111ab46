/** Builds the Fastify application: every concern registered in one place, the /api/v1 routes, and the built website. */
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { ServerConfig } from './config';
import { openDatabase, type DB } from './db/database';
import { handleError } from './error-handler';
import { createMailer } from './mail/mailer';
import { ensureOpsToken } from './ops-token';
import { accountRoutes } from './routes/accounts';
import { applicationRoutes } from './routes/applications';
import { deliveryRoutes } from './routes/deliveries';
import { apiHealthRoutes, healthRoutes } from './routes/health';
import { newsletterRoutes } from './routes/newsletter';
import { openApiRoutes } from './routes/openapi';
import { passwordRoutes } from './routes/passwords';
import { profileRoutes } from './routes/profile';
import { quoteRoutes } from './routes/quotes';
import { staffRoutes } from './routes/staff';
import { trackingRoutes } from './routes/tracking';
import { registerSecurity } from './security';
import type { Services } from './services';
import { TrackingCache } from './tracking-cache';
import { ImageStore, registerMultipart } from './uploads';
import { zodValidatorCompiler } from './validation';
import { registerWebsite } from './web';

declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
  }
}

const apiRoutes = [
  apiHealthRoutes,
  accountRoutes,
  passwordRoutes,
  profileRoutes,
  applicationRoutes,
  quoteRoutes,
  deliveryRoutes,
  trackingRoutes,
  staffRoutes,
  newsletterRoutes,
];

export async function buildApp(config: ServerConfig): Promise<FastifyInstance> {
  const app = Fastify({ logger: config.logger, bodyLimit: 1_048_576 });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setErrorHandler(handleError);
  app.decorateRequest('user', null);

  const db = await openDatabase(config.databaseUrl, config.dataDir, app.log);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1 }) : null;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outbox: path.join(config.dataDir, 'outbox'),
    log: app.log,
  });
  // Tests look behind the API (is it stored? is it hashed?) through `app.db`.
  app.decorate('db', db);
  app.addHook('onClose', async () => {
    mailer.close();
    await redis?.quit();
    await db.destroy();
  });

  const services: Services = {
    config,
    db,
    mailer,
    images: new ImageStore(path.join(config.dataDir, 'uploads')),
    opsToken: ensureOpsToken(config.opsToken, config.dataDir),
    tracking: new TrackingCache(config.trackingCacheMs),
  };

  await registerSecurity(app, config, redis);
  await registerMultipart(app);
  await app.register(healthRoutes, { services });
  await app.register(
    async (api) => {
      for (const routes of apiRoutes) await api.register(routes, { services });
      await api.register(openApiRoutes);
    },
    { prefix: '/api/v1' },
  );
  services.images.routes(app);
  await registerWebsite(app, config.webRoot);
  return app;
}
