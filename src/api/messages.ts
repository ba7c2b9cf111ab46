/**
 * The site's client of the texts calls (./contract/messages) for signed-in pages: the customer's
 * channels on /profile-update. The light page `/t/<token>` has its own client (./trackLinks),
 * without the session's storage; see ./index.
 */
import { messageCalls } from './contract/messages';
import { siteApi } from './index';

export const messagesApi = siteApi(messageCalls);
