/** The site's client of the crew member's calls (./contract/crewDay): their jobs, a stop's events; see ./index. */
import { crewDayCalls } from './contract/crewDay';
import { siteApi } from './index';

export const crewDayApi = siteApi(crewDayCalls);
