/** The site's client of the crews calls (./contract/crews); see ./index. */
import { crewCalls } from './contract/crews';
import { siteApi } from './index';

export const crewsApi = siteApi(crewCalls);
