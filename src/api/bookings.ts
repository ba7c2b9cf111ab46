/** The site's client of the bookings calls (./contract/bookings); see ./index. */
import { bookingCalls } from './contract/bookings';
import { siteApi } from './index';

export const bookingsApi = siteApi(bookingCalls);
