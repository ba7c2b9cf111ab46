/**
 * Reading the texts the server sent, as someone trying the product would (docs/messages.md,
 * "Test mode"): the Termii test gateway keeps each text as a JSON file under DATA_DIR/texts and
 * lists them on its inbox page, whose address (with its key) `npm start` prints. `textsTo` reads
 * the files; `waitForTexts` waits for texts that leave after the answer; `gatewayBehaves` tells
 * the gateway to fail, refuse or hang; `linkTokenIn` picks the private link's token from a text.
 */
import type { KeptText } from '../../server/routes/termii-test-gateway';
import { keptTexts } from '../../server/routes/termii-test-gateway';
import { waitUntil } from './mail';
import type { TestServer } from './server';

type WithTexts = Pick<TestServer, 'app' | 'origin'>;

/** The test gateway's inbox page (its path carries its key). */
export function inboxUrl(server: WithTexts): string {
  const inbox = server.app.textsInbox;
  if (!inbox) throw new Error('The server has a Termii key: it has no test gateway');
  return `${server.origin}${inbox.path}`;
}

/** Termii's form of a number: 2348031234567. */
const termiiForm = (e164: string) => e164.replace(/^\+/, '');

/** The texts kept for `number` (E.164), newest first. */
export function textsTo(server: WithTexts, number: string): KeptText[] {
  const folder = server.app.textsInbox?.folder;
  if (!folder) throw new Error('The server has a Termii key: it has no test gateway');
  return keptTexts(folder, 10_000).filter((text) => text.to === termiiForm(number));
}

/** Waits until `count` texts (or more) were kept for `number`; answers them, newest first. */
export async function waitForTexts(
  server: WithTexts,
  number: string,
  count = 1,
): Promise<KeptText[]> {
  await waitUntil(`${count} text(s) to ${number}`, () => textsTo(server, number).length >= count);
  return textsTo(server, number);
}

/** The private link's token in a text (…/t/<token>). */
export function linkTokenIn(text: string): string {
  const token = /\/t\/([A-Za-z0-9_-]{22})\b/.exec(text)?.[1];
  if (!token) throw new Error(`No private link in: ${text}`);
  return token;
}

export interface GatewayBehaviour {
  send?: 'deliver' | 'fail' | 'refuse' | 'hang';
  report?: 'delivered' | 'failed' | 'none';
  times?: number;
}

/** Tells the test gateway how to answer its next calls (server/routes/termii-test-gateway.ts). */
export async function gatewayBehaves(
  server: WithTexts,
  behaviour: GatewayBehaviour,
): Promise<void> {
  const url = inboxUrl(server).replace('/inbox?', '/behaviour?');
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(behaviour),
  });
  if (!answer.ok) throw new Error(`behaviour: ${answer.status} ${await answer.text()}`);
}

/** The rows of the texts about an order, oldest first, as the database keeps them. */
export const textRowsOf = (server: Pick<TestServer, 'app'>, reference: string) =>
  server.app.db
    .selectFrom('texts')
    .innerJoin('shipments', 'shipments.id', 'texts.shipment_id')
    .selectAll('texts')
    .where('shipments.reference', '=', reference)
    .orderBy('texts.id')
    .execute();
