/** The site's client of the orders calls (./contract/orders); see ./index. */
import { orderCalls } from './contract/orders';
import { siteApi } from './index';

export const ordersApi = siteApi(orderCalls);
