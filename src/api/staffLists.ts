/** The site's client of the staff's lists (./contract/staffLists): the queue, the Overview, refunds. */
import { staffListCalls } from './contract/staffLists';
import { siteApi } from './index';

export const staffListsApi = siteApi(staffListCalls);
