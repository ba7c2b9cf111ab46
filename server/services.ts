/** What the route plugins share: settings, database, mail and image storage, the staff token. */
import type { ServerConfig } from './config';
import type { DB } from './db/database';
import type { Mailer } from './mail/mailer';
import type { ImageStore } from './uploads';

export interface Services {
  config: ServerConfig;
  db: DB;
  mailer: Mailer;
  images: ImageStore;
  opsToken: string;
}

export interface RoutesOptions {
  services: Services;
}
