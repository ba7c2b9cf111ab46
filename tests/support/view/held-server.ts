/**
 * What the view suites of staff and customer pages start once per file: the real server, the
 * gate in front of it that holds a call while the page is seen busy (tests/support/view/heldApi.ts), and a
 * staff member and a customer signed up on it. Paths make their own orders on these accounts.
 */
import { signUp, type Customer } from '../api';
import { startHeldApi, type HeldApi } from './heldApi';
import { startTestServer, type TestServer } from '../server';
import { signUpStaff } from '../staff';

export interface HeldServer {
  server: TestServer;
  api: HeldApi;
  staff: Customer;
  customer: Customer;
  close: () => Promise<void>;
}

export async function startHeldServer(): Promise<HeldServer> {
  const server = await startTestServer();
  const api = await startHeldApi(server.apiUrl);
  const staff = await signUpStaff(server);
  const customer = await signUp(server);
  return {
    server,
    api,
    staff,
    customer,
    close: async () => {
      await api.close();
      await server.close();
    },
  };
}
