/**
 * The parts of Termii's API this product uses, as its own schemas, and the client held to them
 * (docs/messages.md). From Termii's developer documentation (developers.termii.com):
 *
 * - "Messaging API", Send message: `POST {base}/api/sms/send`, JSON `{api_key, to, from, sms,
 *   type, channel}`: `to` in the international format without + (2348031234567), `from` a
 *   sender ID of 3 to 11 characters, `type` `plain`, `channel` `dnd` (reaches numbers on
 *   Do-Not-Disturb: the generic route does not, and MTN blocks it at night), `whatsapp` or
 *   `generic`. The answer: `{message_id, message: "Successfully Sent", balance, user}` (newer
 *   answers add `code: "ok"` and `message_id_str`); a refusal answers a 4xx with `message`.
 * - "Events and Reports", Outbound Message (Delivery Report): Termii POSTs JSON `{type, id,
 *   message_id, receiver, sender, message, sent_at, cost, status, channel}` to the webhook URL
 *   registered in its console, signed in the header `X-Termii-Signature`: the HMAC-SHA512 of
 *   the payload with the account's key. `status` is one of `Delivered`, `Received`, `Message
 *   Sent`, `DND Active on Phone Number`, `Message Failed`, `Rejected`, `Expired` (older reports
 *   wrote `DELIVERED | Message delivered to handset`).
 *
 * Only the fields the product reads or sends are named; objects stay open (`looseObject`), as
 * Termii adds fields over time. The client (below) and the built-in test gateway
 * (server/routes/termii-test-gateway.ts) are both held to these in tests/api/texts.test.ts.
 *
 * The key travels in the request's body, as Termii asks: the client's errors carry Termii's
 * status and message alone, never the request, and any echo of the key in Termii's message is
 * cut out, so no log line or error body can show it.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import type { TextChannel } from '../../src/api/contract';

export const termiiChannel = z.enum(['dnd', 'whatsapp', 'generic']);

/** The route of each channel the product texts on: SMS always through DND. */
export const routeOf: Record<TextChannel, z.infer<typeof termiiChannel>> = {
  sms: 'dnd',
  whatsapp: 'whatsapp',
};

/** Alphanumeric sender IDs are 3 to 11 characters (Termii's Sender ID and Messaging pages). */
export const senderId = z.string().regex(/^[A-Za-z0-9 ._-]{3,11}$/);

export const sendRequest = z.looseObject({
  api_key: z.string().min(1),
  /** International format without +: 234 and ten digits for Nigeria. */
  to: z.string().regex(/^[1-9][0-9]{7,14}$/),
  from: senderId,
  sms: z.string().min(1),
  type: z.enum(['plain', 'unicode']),
  channel: termiiChannel,
});
export type SendRequest = z.infer<typeof sendRequest>;

/** Termii writes `message_id` as a string or a number; `message_id_str` is always a string. */
export const sendResponse = z
  .looseObject({
    code: z.string().optional(),
    message_id: z.union([z.string().min(1), z.number()]),
    message_id_str: z.string().min(1).optional(),
    message: z.string(),
    balance: z.union([z.number(), z.string()]).optional(),
    user: z.string().optional(),
  })
  .transform((answer) => ({
    ...answer,
    id: answer.message_id_str ?? String(answer.message_id),
  }));

/** A refusal: Termii's reason in `message`. */
export const errorResponse = z.looseObject({ message: z.string() });

export const deliveryReport = z.looseObject({
  type: z.string().optional(),
  id: z.union([z.string(), z.number()]).optional(),
  message_id: z.union([z.string().min(1), z.number()]).transform(String),
  receiver: z.string().optional(),
  sender: z.string().optional(),
  message: z.string().optional(),
  sent_at: z.string().optional(),
  cost: z.union([z.string(), z.number()]).optional(),
  status: z.string().min(1),
  channel: z.string().optional(),
});
export type DeliveryReport = z.infer<typeof deliveryReport>;

/** What a report's status means for a text sent: delivered, failed for good, or nothing yet. */
export function reportOutcome(status: string): 'delivered' | 'failed' | null {
  const said = status.toLowerCase();
  if (said.startsWith('delivered') || said === 'received') return 'delivered';
  if (['dnd active on phone number', 'message failed', 'rejected', 'expired'].includes(said))
    return 'failed';
  return null;
}

export const SIGNATURE_HEADER = 'x-termii-signature';

export const signatureOf = (key: string, rawBody: Buffer | string) =>
  crypto.createHmac('sha512', key).update(rawBody).digest('hex');

/** Checked over the bytes as received, in constant time. */
export function isSignedBy(key: string, rawBody: Buffer, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(signatureOf(key, rawBody), 'hex');
  const given = Buffer.from(signature, 'hex');
  return crypto.timingSafeEqual(given, expected);
}

/** Why a text did not go: Termii's status (null: no answer) and message, never the request. */
export class TermiiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'TermiiError';
  }
}

export interface TermiiClient {
  /** Hands one text to Termii; answers Termii's message id, or throws a TermiiError. */
  send(text: { to: string; sms: string; channel: TextChannel }): Promise<string>;
}

export interface TermiiSettings {
  apiKey: string;
  senderId: string;
  /** Termii's base URL (https://BASE_URL of its documentation), or the test gateway's. */
  baseUrl: () => string;
  /** The longest a call may take, connection and answer together. */
  timeoutMs: number;
}

export function termiiClient({
  apiKey,
  senderId,
  baseUrl,
  timeoutMs,
}: TermiiSettings): TermiiClient {
  /** Termii's own words, with any echo of the key cut out. */
  const scrubbed = (message: string) => message.split(apiKey).join('[key]').slice(0, 300);

  return {
    async send({ to, sms, channel }) {
      const request = sendRequest.parse({
        api_key: apiKey,
        to,
        from: senderId,
        sms,
        type: 'plain',
        channel: routeOf[channel],
      });
      let response: Response;
      let body: unknown;
      try {
        response = await fetch(`${baseUrl()}/api/sms/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(timeoutMs),
        });
        body = await response.json().catch(() => null);
      } catch (error) {
        const name = (error as Error).name;
        throw new TermiiError(
          name === 'TimeoutError'
            ? `Termii did not answer within ${timeoutMs} ms`
            : `Termii could not be reached (${name})`,
          null,
        );
      }
      if (!response.ok) {
        const said = errorResponse.safeParse(body);
        throw new TermiiError(
          said.success
            ? `Termii answered ${response.status}: ${scrubbed(said.data.message)}`
            : `Termii answered ${response.status}`,
          response.status,
        );
      }
      const answer = sendResponse.safeParse(body);
      if (!answer.success)
        throw new TermiiError("Termii's answer to the send call has an unexpected shape", null);
      return answer.data.id;
    },
  };
}
