/** The site's client of the accounts calls (./contract/accounts); see ./index. */
import { accountCalls } from './contract/accounts';
import { siteApi } from './index';

export const accountsApi = siteApi(accountCalls);
