/**
 * Which Paystack the server talks to (docs/operations.md, "Payments"): with PAYSTACK_SECRET_KEY,
 * Paystack's API (or PAYSTACK_BASE_URL); without it, test mode: a random key kept with the server's
 * other keys (../db/server-keys.ts), and the built-in test gateway mounted on this same server,
 * reached over real HTTP through this server's own address, exactly as Paystack would be.
 */
import { calls } from '../../src/api/contract';
import { PAYSTACK_API, type ServerConfig } from '../config';
import type { DB } from '../db/database';
import { serverKey } from '../db/server-keys';
import { paystackClient, type PaystackClient } from './paystack-client';

const WEBHOOK_PATH = `/api/v1/${calls.paystackWebhook.path}`;

export interface Paystack {
  client: PaystackClient;
  /** Signs and checks webhooks; never logged, never in an answer. */
  secretKey: string;
  /** No real money moves (the test gateway, or a Paystack test key): payments made so say TEST. */
  testMode: boolean;
}

export const TEST_GATEWAY_PREFIX = '/test-paystack';

/** The built-in test gateway (../routes/paystack-test-gateway.ts), mounted on this server in test mode. */
export interface TestGateway {
  /** Mounts it under TEST_GATEWAY_PREFIX, signing with `secretKey` and sending its events to `webhookPath` on this server. */
  mount(secretKey: string, webhookPath: string): Promise<void>;
  /** http://host:port of this server, once it listens. */
  origin(): string;
}

export async function setUpPaystack(
  testGateway: TestGateway,
  db: DB,
  config: ServerConfig,
): Promise<Paystack> {
  if (config.paystack.secretKey) {
    const baseUrl = config.paystack.baseUrl ?? PAYSTACK_API;
    // Paystack's own test keys move no real money either.
    const testMode = config.paystack.secretKey.startsWith('sk_test_');
    return {
      client: { ...paystackClient(config.paystack.secretKey, () => baseUrl), testMode },
      secretKey: config.paystack.secretKey,
      testMode,
    };
  }
  const secretKey = `sk_test_${(await serverKey(db, 'paystack-test-secret')).toString('hex')}`;
  await testGateway.mount(secretKey, WEBHOOK_PATH);
  const baseUrl = () => config.paystack.baseUrl ?? `${testGateway.origin()}${TEST_GATEWAY_PREFIX}`;
  return {
    client: { ...paystackClient(secretKey, baseUrl), testMode: true },
    secretKey,
    testMode: true,
  };
}
