/**
 * Staff accounts for tests, made the way the product makes them: a customer signs up, then the
 * ops command's call (`npm run ops -- add-staff`, POST staff/roles with the ops token) makes the
 * account staff.
 */
import { readOpsToken } from '../../server/ops/ops-token';
import { post, signUp, uniqueEmail, type Customer } from './api';
import type { TestServer } from './server';

export function opsTokenOf(server: TestServer): string {
  const token = readOpsToken(null, server.dataDir);
  if (!token) throw new Error('The test server wrote no ops token');
  return token;
}

export async function setRole(
  server: TestServer,
  email: string,
  role: 'staff' | 'customer',
): Promise<void> {
  const answer = await post(server, 'staff/roles', { email, role }, opsTokenOf(server));
  if (answer.status !== 200) throw new Error(`staff/roles: ${JSON.stringify(answer.body)}`);
}

/** A signed-in staff member. */
export async function signUpStaff(
  server: TestServer,
  email = uniqueEmail('staff'),
): Promise<Customer> {
  const member = await signUp(server, email);
  await setRole(server, email, 'staff');
  return member;
}
