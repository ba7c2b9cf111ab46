/** The site's client of applications and subscribers (./contract/staffPeople); see ./index. */
import { staffPeopleCalls } from './contract/staffPeople';
import { siteApi } from './index';

export const staffPeopleApi = siteApi(staffPeopleCalls);
