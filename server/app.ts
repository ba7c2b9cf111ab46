/** Builds the Fastify application: every concern registered in one place, the /api/v1 routes, and the built website. */
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { en } from 'zod/locales';
import * as z from 'zod/mini';
import { MAX_UPLOAD_BYTES, readMobilesWith } from '../src/api/contract';
import { purgeExpiredSessions } from './accounts/session-purge';
import { BackgroundWork } from './http/background';
import type { ServerConfig } from './config';
import { openDatabase, type DB } from './db/database';
import { handleError } from './http/error-handler';
import { publicOrigin } from './http/public-origin';
import { createTransport, withSiteLinks } from './mail/mailer';
import { createMailer } from './mail/outbox';
import { protectDataDir } from './db/data-dir';
import { ensureOpsToken } from './ops/ops-token';
import { PhotoLinks } from './files/photo-links';
import { accountRoutes } from './routes/accounts';
import { applicationRoutes } from './routes/applications';
import { bookingBatches } from './orders/booking';
import { deliveryRoutes } from './routes/deliveries';
import { apiHealthRoutes, healthRoutes } from './routes/health';
import { newsletterRoutes } from './routes/newsletter';
import { openApiRoutes } from './routes/openapi';
import { orderRoutes } from './routes/orders';
import { passwordRoutes } from './routes/passwords';
import { priceRoutes } from './routes/prices';
import { profileRoutes } from './routes/profile';
import { quoteRoutes } from './routes/quotes';
import { staffListRoutes } from './routes/staff-lists';
import { staffRoutes } from './routes/staff';
import { crewStaffRoutes } from './routes/crews';
import { trackingRoutes } from './routes/tracking';
import { requestLogSerializers } from './http/request-log';
import { connectRedis, registerSecurity } from './http/security';
import type { Services } from './services';
import { TrackingCache } from './orders/tracking-cache';
import { keyExpiry } from './orders/idempotency';
import { registerJsonDepthLimit } from './http/json-depth';
import { ImageStore } from './files/uploads';
import { imageRoutes, registerMultipart } from './http/uploads';
import { zodValidatorCompiler } from './http/validation';
import { registerWebsite } from './http/web';
import { setUpPaystack } from './money/paystack';
import { paymentRoutes } from './routes/payments';
import { testGatewayOn } from './routes/paystack-test-gateway';
import { cardRefundRounds } from './money/refund-rounds';
import { readNigerianMobile } from './messages/phone';
import { setUpTexting, TERMII_TEST_PREFIX } from './messages/provider';
import { createTexter } from './messages/outbox';
import { messageRoutes } from './routes/messages';
import { crewJobRoutes } from './routes/crew-jobs';
import { termiiTestGatewayOn } from './routes/termii-test-gateway';

// zod's English messages for what the contract leaves to zod, such as a field of the wrong type
// from a client other than the site. The site's own checks all carry the contract's messages, so
// the browser loads none of these (src/api/contract/rules.ts).
z.config(en());

declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    /** In test mode, the test gateway's inbox (its path with its key) and its folder; null with a Termii key. */
    textsInbox: { path: string; folder: string } | null;
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
  priceRoutes,
  trackingRoutes,
  orderRoutes,
  staffRoutes,
  staffListRoutes,
  crewStaffRoutes,
  newsletterRoutes,
  paymentRoutes,
  messageRoutes,
  crewJobRoutes,
];

export async function buildApp(config: ServerConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logger && {
      serializers: requestLogSerializers,
      // Belt and braces: no code logs a request to Termii, whose body carries the key.
      redact: { paths: ['api_key', '*.api_key', '*.*.api_key'], censor: '[redacted]' },
      ...(config.logStream && { stream: config.logStream }),
    },
    bodyLimit: MAX_UPLOAD_BYTES,
    // request.ip, which every per-address limit counts by: the proxy's own address unless TRUST_PROXY names it.
    trustProxy: config.trustProxy,
    // A client that stalls mid-request is dropped with a 408: Node checks requestTimeout only when
    // headersTimeout is not above it, and only every connectionsCheckingInterval (30 s by default).
    requestTimeout: config.timeouts.requestMs,
    http: {
      headersTimeout: Math.min(10_000, config.timeouts.requestMs),
      connectionsCheckingInterval: Math.min(5_000, config.timeouts.requestMs / 4),
    },
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  // Every phone number the contract takes is read with libphonenumber-js (docs/messages.md).
  readMobilesWith(readNigerianMobile);
  app.setErrorHandler(handleError);
  app.decorateRequest('user', null);
  app.decorateRequest('idempotencyKey', null);
  registerJsonDepthLimit(app);

  // Before anything is opened: a weak staff token refuses the start, a loose data folder is narrowed.
  protectDataDir(config.dataDir);
  const opsToken = ensureOpsToken(config.opsToken, config.dataDir);
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeoutMs: config.timeouts.databaseMs,
    log: app.log,
  });
  const redis = config.redisUrl
    ? await connectRedis(config.redisUrl, config.timeouts.redisMs)
    : null;
  const transport = withSiteLinks(
    createTransport({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outbox: path.join(config.dataDir, 'outbox'),
      smtpTimeoutMs: config.mail.smtpTimeoutMs,
      log: app.log,
    }),
    () => publicOrigin(app, config),
  );
  const texting = await setUpTexting(termiiTestGatewayOn(app, config.dataDir), db, config);
  const texter = createTexter(
    db,
    texting.client,
    config.texts,
    () => publicOrigin(app, config),
    app.log,
  );
  // The test gateway is reached through this server's own address: texts go once it listens.
  app.addHook('onListen', async () => texter.start());
  // Its calls go to this server's own gateway in test mode: stopped before the server stops
  // listening, so no new call keeps a connection busy while it closes.
  app.addHook('preClose', async () => texter.close());
  const mailer = createMailer(db, transport, config.mail, app.log, texter.wake);
  const background = new BackgroundWork(app.log);
  const sessionPurge = purgeExpiredSessions(db, app.log, config.sessionPurge);
  // Tests look behind the API (is it stored? is it hashed?) through `app.db`.
  app.decorate('db', db);
  app.decorate(
    'textsInbox',
    texting.inboxKey
      ? {
          path: `${TERMII_TEST_PREFIX}/inbox?key=${texting.inboxKey}`,
          folder: path.join(config.dataDir, 'texts'),
        }
      : null,
  );
  let refundRounds: { stop(): Promise<void> } | null = null;
  app.addHook('onClose', async () => {
    await refundRounds?.stop();
    await background.settled();
    await sessionPurge.stop();
    await mailer.close();
    await texter.close();
    redis?.disconnect();
    await db.destroy();
  });

  const services: Services = {
    config,
    db,
    mailer,
    bookings: bookingBatches(db, config.bookingBatches),
    images: new ImageStore(db),
    opsToken,
    photoLinks: await PhotoLinks.load(db),
    tracking: new TrackingCache(config.trackingCacheMs),
    background,
    expireIdempotencyKeys: keyExpiry(db, app.log),
    paystack: await setUpPaystack(testGatewayOn(app), db, config),
    refunds: null,
    texting,
  };
  refundRounds = services.refunds = cardRefundRounds({ ...services, log: app.log });

  await registerSecurity(app, config, redis);
  await registerMultipart(app);
  await app.register(healthRoutes, { services, redis });
  await app.register(
    async (api) => {
      for (const routes of apiRoutes) await api.register(routes, { services });
      await api.register(openApiRoutes);
    },
    { prefix: '/api/v1' },
  );
  imageRoutes(app, services.images, services.photoLinks.guard(db));
  await registerWebsite(app, config.webRoot);
  return app;
}
