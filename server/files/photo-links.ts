/**
 * Quote photos and a stop's photos are private to staff and the order's owner (and to the
 * private tracking link's holder, for a handover's proof). They get them through links that the
 * order's answer carries, signed with a key of their own and valid for an hour; `/uploads/<name>`
 * refuses such a photo without a valid signature (404, as for a missing file), while profile
 * images stay public (the header shows them to anyone). The key is random and kept in the
 * database (db/server-keys.ts), so every instance checks the others' links; it owes nothing to
 * the ops token, so a signed link in a customer's hands gives no way to guess the staff token.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../db/database';
import { serverKey } from '../db/server-keys';

const LIFETIME_SECONDS = 3600;

export class PhotoLinks {
  private constructor(private readonly key: Buffer) {}

  static async load(db: DB): Promise<PhotoLinks> {
    return new PhotoLinks(await serverKey(db, 'photo-links'));
  }

  private signature(name: string, expires: number): string {
    return crypto.createHmac('sha256', this.key).update(`${name}:${expires}`).digest('base64url');
  }

  link(name: string, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + LIFETIME_SECONDS;
    return `/uploads/${name}?expires=${expires}&signature=${this.signature(name, expires)}`;
  }

  isValid(name: string, query: unknown, now = Date.now()): boolean {
    const { expires, signature } = (query ?? {}) as Record<string, unknown>;
    if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expires))
      return false;
    if (Number(expires) * 1000 < now) return false;
    const expected = Buffer.from(this.signature(name, Number(expires)));
    const given = Buffer.from(signature);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  }

  /**
   * For the uploads route: a quote photo or a stop's photo (a handover's proof, a move's
   * condition: docs/crews.md) needs a valid signed link (in `query`), any other image does not.
   */
  guard(db: DB) {
    return async (name: string, query: unknown): Promise<boolean> => {
      const privatePhoto = await db
        .selectFrom('quotes')
        .select(sql<number>`1`.as('found'))
        .where('image', '=', name)
        .unionAll(
          db
            .selectFrom('stop_photos')
            .select(sql<number>`1`.as('found'))
            .where('file_name', '=', name),
        )
        .executeTakeFirst();
      return !privatePhoto || this.isValid(name, query);
    };
  }
}
