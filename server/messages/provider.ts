/**
 * Which Termii the server texts through (docs/messages.md): with TERMII_API_KEY, Termii's API
 * (TERMII_BASE_URL); without it, test mode: a random key kept with the server's other keys
 * (../db/server-keys.ts), and the built-in test gateway mounted on this same server
 * (../routes/termii-test-gateway.ts), reached over real HTTP through this server's own address,
 * exactly as Termii would be. Switching to a real account is setting the key, the sender ID and
 * the base URL: nothing else changes.
 */
import type { ServerConfig } from '../config';
import type { DB } from '../db/database';
import { serverKey } from '../db/server-keys';
import { termiiClient, type TermiiClient } from './termii';

export const TERMII_TEST_PREFIX = '/test-termii';
/** Where Termii's delivery reports arrive (the webhook URL registered in Termii's console). */
export const REPORT_PATH = '/api/v1/messages/termii/report';

export interface Texting {
  client: TermiiClient;
  /** Checks the reports' signature; never logged, never in an answer. */
  apiKey: string;
  /** Texts go to the built-in test gateway: nothing reaches a phone. */
  testMode: boolean;
}

/** The built-in test gateway (../routes/termii-test-gateway.ts), mounted on this server in test mode. */
export interface TermiiTestGateway {
  /** Mounts it under TERMII_TEST_PREFIX: it takes `apiKey`, signs its reports with it and shows its inbox to `inboxKey`. */
  mount(apiKey: string, inboxKey: string): Promise<void>;
  /** http://host:port of this server, once it listens. */
  origin(): string;
}

export async function setUpTexting(
  gateway: TermiiTestGateway,
  db: DB,
  config: Pick<ServerConfig, 'termii' | 'texts'>,
): Promise<Texting & { inboxKey: string | null }> {
  const { termii, texts } = config;
  if (termii.apiKey) {
    return {
      client: termiiClient({
        apiKey: termii.apiKey,
        senderId: termii.senderId,
        baseUrl: () => termii.baseUrl,
        timeoutMs: texts.timeoutMs,
      }),
      apiKey: termii.apiKey,
      testMode: false,
      inboxKey: null,
    };
  }
  const apiKey = `test_${(await serverKey(db, 'termii-test-key')).toString('hex')}`;
  const inboxKey = (await serverKey(db, 'termii-test-inbox')).toString('hex').slice(0, 32);
  await gateway.mount(apiKey, inboxKey);
  return {
    client: termiiClient({
      apiKey,
      senderId: termii.senderId,
      baseUrl: () => `${gateway.origin()}${TERMII_TEST_PREFIX}`,
      timeoutMs: texts.timeoutMs,
    }),
    apiKey,
    testMode: true,
    inboxKey,
  };
}
