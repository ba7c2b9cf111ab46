/**
 * Texts on the phone (docs/messages.md): the channels a customer chooses, the private tracking
 * link's data and its opt-out, and Termii's signed delivery reports. Each hands over to
 * server/messages.
 */
import type { FastifyInstance } from 'fastify';
import { calls, MAX_UPLOAD_BYTES } from '../../src/api/contract';
import { currentUser } from '../accounts/auth';
import { notFound, Problem } from '../http/problems';
import { trackingMisses } from '../http/tracking-misses';
import { saveTextPreferences, textPreferencesOf } from '../messages/preferences';
import { REPORT_PATH } from '../messages/provider';
import { applyDeliveryReport } from '../messages/reports';
import { deliveryReport, isSignedBy, SIGNATURE_HEADER } from '../messages/termii';
import { optOut, trackLinkView } from '../messages/track-links';
import type { RoutesOptions } from '../services';
import { contractRoute } from './contract-route';

export const UNKNOWN_LINK =
  'This tracking link does not work: it may be mistyped, or its order ended more than 14 days ago. Track with your reference instead.';
export const UNSIGNED_REPORT = 'This report is not signed with our Termii key.';

export async function messageRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  const { db, config, texting } = services;
  // A wrong token is a wrong tracking reference: the same per-address limits as public tracking.
  const misses = trackingMisses(app, config.trackingMissLimit);
  const tracked = { perAddress: config.trackingRateLimit };

  contractRoute(app, services, 'textPreferences', async (request) => ({
    message: calls.textPreferences.success,
    data: await textPreferencesOf(db, currentUser(request).id),
  }));

  contractRoute(app, services, 'saveTextPreferences', async (request) => ({
    message: calls.saveTextPreferences.success,
    data: await saveTextPreferences(db, currentUser(request).id, request.body),
  }));

  contractRoute(
    app,
    services,
    'trackLink',
    async (request) => {
      await misses.refuseSpent(request);
      const view = await trackLinkView(db, request.params.token, services.photoLinks);
      if (!view) {
        await misses.miss(request);
        throw notFound(UNKNOWN_LINK);
      }
      return { message: calls.trackLink.success, data: view };
    },
    tracked,
  );

  contractRoute(
    app,
    services,
    'trackLinkOptOut',
    async (request) => {
      await misses.refuseSpent(request);
      if (!(await optOut(db, request.params.token))) {
        await misses.miss(request);
        throw notFound(UNKNOWN_LINK);
      }
      return { message: calls.trackLinkOptOut.success, data: { opted_out: true as const } };
    },
    tracked,
  );

  // Signed over the exact bytes Termii sent: this route alone reads its body raw.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
      (_request, body, done) => done(null, body),
    );
    webhook.post(REPORT_PATH.replace('/api/v1', ''), async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!isSignedBy(texting.apiKey, raw, request.headers[SIGNATURE_HEADER]))
        throw new Problem(401, UNSIGNED_REPORT);
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new Problem(400, 'The report is not JSON.');
      }
      const report = deliveryReport.safeParse(body);
      if (!report.success)
        throw new Problem(400, 'The report does not have the shape Termii sends.');
      const changed = await applyDeliveryReport(db, report.data);
      return { message: changed ? 'Report recorded' : 'Report ignored' };
    });
  });
}
