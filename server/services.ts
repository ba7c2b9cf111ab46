/** What the route plugins share: settings, database, mail, image storage, the staff token, the tracking cache. */
import type { ServerConfig } from './config';
import type { DB } from './db/database';
import type { Mailer } from './mail/mailer';
import type { TrackingCache } from './tracking-cache';
import type { ImageStore } from './uploads';

export interface Services {
  config: ServerConfig;
  db: DB;
  mailer: Mailer;
  images: ImageStore;
  opsToken: string;
  tracking: TrackingCache;
}

export interface RoutesOptions {
  services: Services;
}
