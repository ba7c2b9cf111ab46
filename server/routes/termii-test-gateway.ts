/**
 * The built-in Termii-compatible test gateway (docs/messages.md, "Test mode"): mounted on the
 * product's own server under /test-termii while no TERMII_API_KEY is set, and reached by the
 * product's Termii client over real HTTP, exactly as Termii would be. It takes Termii's send call
 * held to the same schemas (../messages/termii.ts), keeps every text as a file under
 * DATA_DIR/texts, answers with Termii's shapes, and sends Termii's delivery report, signed with
 * the key, to the product's report webhook a moment later. Nothing reaches a phone.
 *
 * Its inbox, `/test-termii/inbox?key=…` (the address `npm start` prints), lists the texts like a
 * phone's inbox: by number, newest first, each number's texts under it. The key keeps the
 * texts (numbers, private links) from anyone who can reach the server but did not start it.
 *
 * Tests (and anyone trying the product) can tell it to misbehave, with the same key:
 * `POST /test-termii/behaviour?key=…` `{send, report, times}`: `send` `deliver` (the default),
 * `fail` (a 500), `refuse` (a 400 with Termii's kind of reason) or `hang` (no answer, until the
 * caller gives up); `report` `delivered` (the default), `failed` or `none`; `times`: for that many
 * calls only, then back to delivering.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { makePrivateFolder, PRIVATE_FILE } from '../db/data-dir';
import { ownOrigin } from '../http/public-origin';
import { REPORT_PATH, TERMII_TEST_PREFIX, type TermiiTestGateway } from '../messages/provider';
import { sendRequest, SIGNATURE_HEADER, signatureOf, type SendRequest } from '../messages/termii';

/** One text as the gateway keeps it (a JSON file under DATA_DIR/texts). */
export interface KeptText {
  message_id: string;
  to: string;
  from: string;
  channel: SendRequest['channel'];
  sms: string;
  at: string;
  /** What its delivery report says (Termii's words), or `Message Sent` when none was sent. */
  status: string;
}

const behaviour = z.object({
  send: z.enum(['deliver', 'fail', 'refuse', 'hang']).optional(),
  report: z.enum(['delivered', 'failed', 'none']).optional(),
  times: z.number().int().positive().optional(),
});
type Behaviour = Required<Omit<z.infer<typeof behaviour>, 'times'>> & { times: number | null };
const NORMAL: Behaviour = { send: 'deliver', report: 'delivered', times: null };

/** How long a hanging call is held at most, if its caller never gives up. */
const HANG_MS = 60_000;
/** When the delivery report follows the answer, as Termii's follows a send. */
const REPORT_DELAY_MS = 150;
/** The newest texts the inbox lists. */
const INBOX_SIZE = 500;

export interface TermiiTestGatewayOptions {
  apiKey: string;
  inboxKey: string;
  /** Where every text is kept: DATA_DIR/texts. */
  folder: string;
  /** The product's report webhook (the URL registered in Termii's console). */
  reportUrl: () => string;
  log: FastifyInstance['log'];
}

/** The test gateway on `app` itself, as ../messages/provider.ts mounts it in test mode. */
export const termiiTestGatewayOn = (app: FastifyInstance, dataDir: string): TermiiTestGateway => ({
  origin: () => ownOrigin(app),
  async mount(apiKey, inboxKey) {
    await app.register(
      termiiTestGatewayRoutes({
        apiKey,
        inboxKey,
        folder: path.join(dataDir, 'texts'),
        reportUrl: () => `${ownOrigin(app)}${REPORT_PATH}`,
        log: app.log,
      }),
      { prefix: TERMII_TEST_PREFIX },
    );
  },
});

/** The texts kept in `folder`, newest first (file names sort in the order they were kept). */
export function keptTexts(folder: string, limit = INBOX_SIZE): KeptText[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .reverse()
    .slice(0, limit)
    .flatMap((name) => {
      try {
        return [JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')) as KeptText];
      } catch {
        return [];
      }
    });
}

const sameKey = (given: unknown, key: string) =>
  typeof given === 'string' &&
  given.length === key.length &&
  crypto.timingSafeEqual(Buffer.from(given), Buffer.from(key));

let sequence = 0;

export function termiiTestGatewayRoutes(options: TermiiTestGatewayOptions) {
  let now: Behaviour = NORMAL;
  const hanging = new Set<() => void>();

  /** The behaviour for this call; `times` counts down to the normal one. */
  function nextBehaviour(): Behaviour {
    const current = now;
    if (current.times !== null)
      now = current.times > 1 ? { ...current, times: current.times - 1 } : NORMAL;
    return current;
  }

  /** Termii retries a report that is not answered 200; a few tries are enough here. */
  async function sendReport(report: object): Promise<void> {
    const body = JSON.stringify(report);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        const response = await fetch(options.reportUrl(), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [SIGNATURE_HEADER]: signatureOf(options.apiKey, body),
          },
          body,
          signal: AbortSignal.timeout(5_000),
        });
        if (response.ok) return;
      } catch {
        // The server may be closing or busy: try again shortly.
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    }
    options.log.warn('Termii test gateway: a delivery report was not accepted after 5 tries');
  }

  let folderMade = false;
  async function keep(request: SendRequest, status: string): Promise<KeptText> {
    if (!folderMade) makePrivateFolder(options.folder);
    folderMade = true;
    const text: KeptText = {
      message_id: `${Date.now()}${String(sequence++ % 1e6).padStart(6, '0')}`,
      to: request.to,
      from: request.from,
      channel: request.channel,
      sms: request.sms,
      at: new Date().toISOString(),
      status,
    };
    const name = `${String(Date.now()).padStart(15, '0')}-${text.message_id}.json`;
    await fs.promises.writeFile(path.join(options.folder, name), JSON.stringify(text, null, 2), {
      mode: PRIVATE_FILE,
    });
    return text;
  }

  const inboxAllowed = (request: FastifyRequest) =>
    sameKey((request.query as { key?: unknown } | undefined)?.key, options.inboxKey);

  return async function routes(app: FastifyInstance) {
    // A hanging call is let go when the server closes, so closing never waits on it.
    app.addHook('preClose', async () => {
      for (const release of hanging) release();
    });

    app.post('/api/sms/send', async (request, reply) => {
      const parsed = sendRequest.safeParse(request.body);
      if (!parsed.success)
        return reply
          .code(400)
          .send({ message: 'Invalid request: check to, from, sms, type and channel' });
      if (!sameKey(parsed.data.api_key, options.apiKey))
        return reply.code(401).send({ message: 'Invalid API key' });
      const { send, report } = nextBehaviour();
      if (send === 'fail') return reply.code(500).send({ message: 'Internal Server Error' });
      if (send === 'refuse')
        return reply.code(400).send({ message: 'Insufficient balance: top up your wallet' });
      if (send === 'hang') return hang(reply);
      const status = { delivered: 'Delivered', failed: 'Message Failed', none: 'Message Sent' }[
        report
      ];
      const text = await keep(parsed.data, status);
      if (report !== 'none') {
        setTimeout(() => {
          void sendReport({
            type: 'outbound',
            id: crypto.randomUUID(),
            message_id: text.message_id,
            receiver: text.to,
            sender: text.from,
            message: text.sms,
            sent_at: text.at.replace('T', ' ').slice(0, 19),
            cost: '0',
            status,
            channel: text.channel,
          });
        }, REPORT_DELAY_MS);
      }
      return {
        code: 'ok',
        message_id: text.message_id,
        message_id_str: text.message_id,
        message: 'Successfully Sent',
        balance: 1000,
        user: 'Termii test gateway',
      };
    });

    /** No answer until the caller gives up (its timeout), the server closes, or HANG_MS. */
    async function hang(reply: FastifyReply) {
      await new Promise<void>((resolve) => {
        const release = () => {
          clearTimeout(timer);
          hanging.delete(release);
          resolve();
        };
        const timer = setTimeout(release, HANG_MS);
        hanging.add(release);
        reply.raw.once('close', release);
      });
      return reply.code(504).send({ message: 'Gateway Timeout' });
    }

    app.post('/behaviour', async (request, reply) => {
      if (!inboxAllowed(request)) return reply.code(404).send({ message: 'Not found' });
      const parsed = behaviour.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ message: 'Invalid behaviour' });
      now = { ...NORMAL, ...parsed.data, times: parsed.data.times ?? null };
      return { message: 'Behaviour set', data: now };
    });

    app.get('/inbox.json', async (request, reply) => {
      if (!inboxAllowed(request)) return reply.code(404).send({ message: 'Not found' });
      reply.header('cache-control', 'no-store');
      return { data: keptTexts(options.folder) };
    });

    app.get<{ Querystring: { to?: string } }>('/inbox', async (request, reply) => {
      reply
        .header('cache-control', 'no-store')
        // The inbox's address holds its key: a link opened from it must not send it along.
        .header('referrer-policy', 'no-referrer')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .type('text/html');
      if (!inboxAllowed(request))
        return reply
          .code(404)
          .send(
            page(
              '<h1>Texts in test mode</h1><p>Open the inbox with the address <code>npm start</code> printed: it carries its key.</p>',
            ),
          );
      return reply.send(page(inbox(keptTexts(options.folder), request.query.to)));
    });
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** +234 803 123 4567, as a phone shows a number. */
const shownNumber = (to: string) =>
  /^234\d{10}$/.test(to) ? `+234 ${to.slice(3, 6)} ${to.slice(6, 9)} ${to.slice(9)}` : `+${to}`;

/** The text with its web addresses as links, the rest escaped. */
const withLinks = (text: string) =>
  text
    .split(/(https?:\/\/[^\s]+)/)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');

const channelNames: Record<string, string> = { dnd: 'SMS', generic: 'SMS', whatsapp: 'WhatsApp' };

const when = (at: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(at));

/** Numbers in the order of their newest text, each with its texts newest first. */
function inbox(texts: KeptText[], only: string | undefined): string {
  const threads = new Map<string, KeptText[]>();
  for (const text of texts) {
    if (only && text.to !== only.trim().replace(/^\+/, '')) continue;
    threads.set(text.to, [...(threads.get(text.to) ?? []), text]);
  }
  const intro = `<p class="banner" role="note"><strong>TEST MODE</strong> · these texts were kept here, not sent to any phone</p>
    <h1>Texts</h1>`;
  if (threads.size === 0)
    return `${intro}<p>No texts yet. Book a delivery or a move, and its texts appear here.</p>`;
  const sections = [...threads].map(([to, thread]) => {
    const id = `n${to}`;
    const items = thread
      .map(
        (text) => `<li><article>
          <p class="meta"><span class="channel">${escapeHtml(channelNames[text.channel] ?? text.channel)}</span>
            from <b>${escapeHtml(text.from)}</b> · <time datetime="${escapeHtml(text.at)}">${escapeHtml(when(text.at))}</time></p>
          <p class="text">${withLinks(text.sms)}</p>
          <p class="status">${escapeHtml(text.status)}</p>
        </article></li>`,
      )
      .join('');
    return `<section aria-labelledby="${id}"><h2 id="${id}">${escapeHtml(shownNumber(to))}
      <span class="count">${thread.length} ${thread.length === 1 ? 'text' : 'texts'}</span></h2><ol>${items}</ol></section>`;
  });
  return `${intro}${sections.join('')}`;
}

/** The inbox's page: readable from 320 px up, plain HTML. */
function page(content: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Texts in test mode</title>
<style>
  body { font: 17px/1.45 system-ui, sans-serif; margin: 0; padding: .75rem; color: #1a1a1a; background: #f3f4f6; }
  main { max-width: 34rem; margin: 0 auto; }
  .banner { background: #b45309; color: #fff; padding: .5rem .75rem; border-radius: 6px; margin: 0 0 .75rem; }
  h1 { font-size: 1.5rem; margin: .25rem 0 .75rem; }
  section { background: #fff; border-radius: 10px; padding: .75rem; margin: 0 0 1rem; box-shadow: 0 1px 2px #0002; }
  h2 { font-size: 1.15rem; margin: 0 0 .5rem; display: flex; flex-wrap: wrap; justify-content: space-between; gap: .5rem; }
  .count { font-size: .85rem; font-weight: normal; color: #4b5563; }
  ol { list-style: none; margin: 0; padding: 0; display: grid; gap: .6rem; }
  article { background: #e8f0fe; border-radius: 14px 14px 14px 4px; padding: .6rem .75rem; }
  .meta, .status { font-size: .85rem; color: #374151; margin: 0; }
  .text { margin: .3rem 0; overflow-wrap: anywhere; white-space: pre-wrap; }
  .channel { font-weight: 600; }
  a { color: #1d4ed8; }
  a:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
</style></head>
<body><main>${content}</main></body></html>`;
}
