/** The site's client of the prices calls (./contract/prices); see ./index. */
import { priceCalls } from './contract/prices';
import { siteApi } from './index';

export const pricesApi = siteApi(priceCalls);
