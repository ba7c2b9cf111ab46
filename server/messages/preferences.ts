/**
 * The channels the account's own number is texted on (users/preferences): SMS on and WhatsApp
 * off until the customer chooses (migration 018). Mail stays for receipts and account codes,
 * whatever is chosen here. Turning a channel on is the account's owner asking for texts again:
 * it lifts an opt-out their number made from a link's page.
 */
import type { TextPreferences } from '../../src/api/contract';
import type { DB } from '../db/database';

export async function textPreferencesOf(db: DB, userId: number): Promise<TextPreferences> {
  const row = await db
    .selectFrom('users')
    .select(['text_sms', 'text_whatsapp'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { sms: row.text_sms, whatsapp: row.text_whatsapp };
}

export async function saveTextPreferences(
  db: DB,
  userId: number,
  preferences: TextPreferences,
): Promise<TextPreferences> {
  return db.transaction().execute(async (trx) => {
    const { phone } = await trx
      .updateTable('users')
      .set({ text_sms: preferences.sms, text_whatsapp: preferences.whatsapp })
      .where('id', '=', userId)
      .returning('phone')
      .executeTakeFirstOrThrow();
    if (preferences.sms || preferences.whatsapp)
      await trx.deleteFrom('text_opt_outs').where('recipient', '=', phone).execute();
    return preferences;
  });
}
