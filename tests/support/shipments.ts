/**
 * Shipments for tracking tests, made the way the product makes them: a customer books a
 * scheduled delivery through the API, and staff move it with the staff route (what
 * `npm run ops -- set-status` calls), using the token the server keeps in DATA_DIR/ops-token.
 */
import type { ShipmentStatus } from '../../src/api/contract';
import { readOpsToken } from '../../server/ops/ops-token';
import { post, scheduledDelivery } from './api';
import type { TestServer } from './server';

/** Books a scheduled delivery for the customer of `token`; answers its RL- reference. */
export async function bookDelivery(server: TestServer, token: string): Promise<string> {
  const answer = await post(server, 'users/schedule/delivery', scheduledDelivery(), token);
  if (answer.status !== 200) throw new Error(`booking: ${JSON.stringify(answer.body)}`);
  return answer.body.data.reference_number as string;
}

export async function setStatus(
  server: TestServer,
  reference: string,
  status: ShipmentStatus,
): Promise<void> {
  const token = readOpsToken(null, server.dataDir);
  if (!token) throw new Error('The test server wrote no ops token');
  const answer = await post(
    server,
    `staff/orders/${encodeURIComponent(reference)}/status`,
    { status },
    token,
  );
  if (answer.status !== 200) throw new Error(`set-status: ${JSON.stringify(answer.body)}`);
}
