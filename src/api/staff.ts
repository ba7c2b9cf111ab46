/** The site's client of the staff calls (./contract/staff); see ./index. */
import { staffCalls } from './contract/staff';
import { siteApi } from './index';

export const staffApi = siteApi(staffCalls);
