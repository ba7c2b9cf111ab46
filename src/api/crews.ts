/** The site's client of the day's work calls (./contract/crews): crews, assignment, dispatch; see ./index. */
import { crewCalls } from './contract/crews';
import { siteApi } from './index';

export const crewsApi = siteApi(crewCalls);
