/**
 * The booking's texts, in the booking's own statement (server/orders/shipments.ts,
 * `insertShipments`): a booking is one statement, so its texts are stored with it or not at all,
 * as its mail is. Each new shipment's customer is texted on the channels their account chose, on
 * the account's number and on the number the booking names when it is another one (a delivery's
 * sender, a quote's contact); each of those numbers gets its private link to the order
 * (./track-links.ts), whose token the text carries. A number that opted out is not texted.
 *
 * The tokens and the texts are made before the statement runs (`bookingTexts`), as the
 * statement is compiled once per shape and only given values (server/orders/reusable-statement.ts):
 * every constant here is written into the statement's text (`sql.lit`), every value is passed in.
 */
import { sql, type QueryCreator } from 'kysely';
import { bookingReceivedText, trackLinkUrl } from './templates';
import { newToken, tokenHash } from './track-links';

interface RecipientText {
  token_hash: string;
  body: string;
}

export interface BookingTexts {
  /** To the account's own number. */
  own: RecipientText;
  /** To the number the booking names, when it names one: texted when it is not the account's. */
  named?: RecipientText & { recipient: string };
}

const recipientText = (reference: string): RecipientText => {
  const token = newToken();
  return {
    token_hash: tokenHash(token),
    body: bookingReceivedText(reference, trackLinkUrl(token)).text,
  };
};

/** The texts of a booking about to be stored, with a token for each number's link. */
export function bookingTexts(reference: string, namedNumber: string | null): BookingTexts {
  return {
    own: recipientText(reference),
    ...(namedNumber ? { named: { recipient: namedNumber, ...recipientText(reference) } } : {}),
  };
}

const TEMPLATE = 'booking_received';

/**
 * Adds the texts of `bookings` to a booking statement whose `new_shipment` holds the shipments
 * it inserts: `text_recipient` (each number to text), `new_link` and `new_token` (their links),
 * and `new_text` (one row per number and chosen channel).
 */
export function withBookingTexts(
  query: QueryCreator<any>,
  bookings: Array<{ reference: string; texts: BookingTexts }>,
): QueryCreator<any> {
  const ownAccount = (select: QueryCreator<any>, reference: string) =>
    select
      .selectFrom('new_shipment')
      .innerJoin('users', 'users.id', 'new_shipment.user_id')
      .where('new_shipment.reference', '=', reference);
  const recipients = bookings.flatMap(({ reference, texts }) => [
    (select: QueryCreator<any>) =>
      ownAccount(select, reference)
        .select([
          'new_shipment.id as shipment_id',
          'users.phone as recipient',
          sql<string>`cast(${texts.own.token_hash} as text)`.as('token_hash'),
          sql<string>`cast(${texts.own.body} as text)`.as('body'),
          'users.text_sms',
          'users.text_whatsapp',
        ])
        .where('users.phone', '!=', sql.lit('')),
    ...(texts.named
      ? [
          (select: QueryCreator<any>) =>
            ownAccount(select, reference)
              .select([
                'new_shipment.id as shipment_id',
                sql<string>`cast(${texts.named!.recipient} as text)`.as('recipient'),
                sql<string>`cast(${texts.named!.token_hash} as text)`.as('token_hash'),
                sql<string>`cast(${texts.named!.body} as text)`.as('body'),
                'users.text_sms',
                'users.text_whatsapp',
              ])
              .where('users.phone', '!=', sql`cast(${texts.named!.recipient} as text)`),
        ]
      : []),
  ]);
  const onChannel = (select: QueryCreator<any>, channel: 'sms' | 'whatsapp') =>
    select
      .selectFrom('text_recipient')
      .select([
        'text_recipient.shipment_id',
        sql<string>`${sql.lit('booking:')} || text_recipient.shipment_id`.as('event'),
        'text_recipient.recipient',
        sql.lit(channel).as('channel'),
        sql.lit(TEMPLATE).as('template'),
        'text_recipient.body',
      ])
      .where(`text_recipient.text_${channel}`, '=', sql.lit(true))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('text_opt_outs')
              .select('text_opt_outs.recipient')
              .whereRef('text_opt_outs.recipient', '=', 'text_recipient.recipient'),
          ),
        ),
      );
  return query
    .with(
      'text_recipient',
      (select) =>
        recipients
          .map((recipient) => recipient(select))
          .reduce((union, next) => union.unionAll(next)) as any,
    )
    .with('new_link', (insert) =>
      insert
        .insertInto('track_links')
        .columns(['shipment_id', 'recipient', 'audience'])
        .expression(
          insert
            .selectFrom('text_recipient')
            .select([
              'text_recipient.shipment_id',
              'text_recipient.recipient',
              sql.lit('customer').as('audience'),
            ]),
        )
        .returning(['track_links.id', 'track_links.shipment_id', 'track_links.recipient']),
    )
    .with('new_token', (insert) =>
      insert
        .insertInto('track_link_tokens')
        .columns(['token_hash', 'link_id'])
        .expression(
          insert
            .selectFrom('text_recipient')
            .innerJoin('new_link', (join) =>
              join
                .onRef('new_link.shipment_id', '=', 'text_recipient.shipment_id')
                .onRef('new_link.recipient', '=', 'text_recipient.recipient'),
            )
            .select(['text_recipient.token_hash', 'new_link.id as link_id']),
        ),
    )
    .with('new_text', (insert) =>
      insert
        .insertInto('texts')
        .columns(['shipment_id', 'event', 'recipient', 'channel', 'template', 'body'])
        .expression(onChannel(insert, 'sms').unionAll(onChannel(insert, 'whatsapp'))),
    );
}
