/**
 * What the view suites start once per file: the real server, the gate in front of it that holds a
 * call while the page is seen busy (tests/support/view/heldApi.ts), and the accounts they ask for
 * signed up on it (a staff member and a customer unless told). Paths make their own orders on
 * these accounts.
 */
import { signUp, type Customer } from '../api';
import { startTestServer, type TestServer } from '../server';
import { signUpStaff } from '../staff';
import { startHeldApi, type HeldApi } from './heldApi';

/** Which accounts to sign up. */
export interface Accounts {
  staff?: boolean;
  customer?: boolean;
}

type Both = { staff: true; customer: true };

export type HeldServer<Asked extends Accounts = Both> = {
  server: TestServer;
  api: HeldApi;
  /** Closes the gate, then the server. */
  close: () => Promise<void>;
} & { [Name in keyof Asked as Asked[Name] extends true ? Name : never]: Customer };

export async function startHeldServer<const Asked extends Accounts = Both>(
  accounts: Asked = { staff: true, customer: true } as Asked,
): Promise<HeldServer<Asked>> {
  const server = await startTestServer();
  const api = await startHeldApi(server.apiUrl);
  const staff = accounts.staff ? await signUpStaff(server) : undefined;
  const customer = accounts.customer ? await signUp(server) : undefined;
  return {
    server,
    api,
    ...(staff ? { staff } : {}),
    ...(customer ? { customer } : {}),
    close: async () => {
      await api.close();
      await server.close();
    },
  } as HeldServer<Asked>;
}
