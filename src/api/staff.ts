/** The site's clients of the staff calls (./contract/staff, ./contract/staffLists); see ./index. */
import { staffCalls } from './contract/staff';
import { siteApi } from './index';

/** An order's page and its actions. */
export const staffApi = siteApi(staffCalls);
