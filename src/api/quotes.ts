/** The site's client of the quote calls (./contract/quotes); see ./index. */
import { quoteCalls } from './contract/quotes';
import { siteApi } from './index';

export const quotesApi = siteApi(quoteCalls);
