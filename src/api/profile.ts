/** The site's client of the profile calls (./contract/profile); see ./index. */
import { profileCalls } from './contract/profile';
import { siteApi } from './index';

export const profileApi = siteApi(profileCalls);
