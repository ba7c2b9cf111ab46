/** What the route plugins share: settings, database, mail, texts, image storage, the staff token and photo links, the tracking cache, work after the answer, key expiry. */
import type { BackgroundWork } from './http/background';
import type { ServerConfig } from './config';
import type { DB } from './db/database';
import type { Mailer } from './mail/outbox';
import type { PhotoLinks } from './files/photo-links';
import type { BookingBatches } from './orders/booking';
import type { TrackingCache } from './orders/tracking-cache';
import type { ImageStore } from './files/uploads';
import type { Paystack } from './money/paystack';
import type { CardRefundRounds } from './money/refund-rounds';
import type { Texting } from './messages/provider';

export interface Services {
  config: ServerConfig;
  db: DB;
  mailer: Mailer;
  /** Bookings made at the same moment, stored together (orders/booking.ts). */
  bookings: BookingBatches;
  images: ImageStore;
  opsToken: string;
  photoLinks: PhotoLinks;
  tracking: TrackingCache;
  background: BackgroundWork;
  /** The Paystack client and key, live or test mode (./money/paystack.ts). */
  paystack: Paystack;
  /** Sends card refunds due to Paystack now (./money/refund-rounds.ts); set once the services exist. */
  refunds: CardRefundRounds | null;
  /** The Termii client and key, live or test mode (./messages/provider.ts). */
  texting: Texting;
  /** Clears Idempotency-Keys older than 24 hours, now and then (see ./orders/idempotency.ts). */
  expireIdempotencyKeys: () => void;
}

export interface RoutesOptions {
  services: Services;
}
