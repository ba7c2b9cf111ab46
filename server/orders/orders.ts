/**
 * An order as its customer and staff see it: the details as sent, the history (status moves with
 * who and why, offers and their answers, new dates, the crew's assignment and work), the offers;
 * and the rules of what may happen next (status moves, offers), shared by the customer's and the
 * staff's routes.
 */
import type { ExpressionBuilder, Selectable } from 'kysely';
import {
  formatNaira,
  isFinalStatus,
  nextStatuses,
  statusLabels,
  todayInLagos,
  type HistoryEntry,
  type Offer,
  type OfferState,
  type Order,
  type OrderDetail,
  type ShipmentStatus,
  type StaffOrderDetail,
} from '../../src/api/contract';
import { orderStops, visibleCrewOf, withoutPosition } from '../crews/visibility';
import type { Database, DB, OffersTable, Shipment } from '../db/database';
import { orderTexts } from '../messages/order-texts';
import type { PhotoLinks } from '../files/photo-links';
import { conflict } from '../http/problems';
import { paymentOf } from '../money/balances';
import { moneyOf, type MoneyLine } from '../money/order-money';
import { assignmentOf } from '../crews/assignment-view';
import { crewHistoryOf } from '../crews/history';

type OfferRow = Selectable<OffersTable>;

/** An open offer past its last valid day (Lagos time) reads as expired. */
export const offerStateOf = (
  row: Pick<OfferRow, 'state' | 'valid_until'>,
  today = todayInLagos(),
): OfferState => (row.state === 'open' && row.valid_until < today ? 'expired' : row.state);

const offerOf = (row: OfferRow): Offer => ({
  id: row.id,
  amount_kobo: Number(row.amount_kobo),
  note: row.note,
  valid_until: row.valid_until,
  state: offerStateOf(row),
  created_at: row.created_at.toISOString(),
  decided_at: row.decided_at?.toISOString() ?? null,
  decline_reason: row.decline_reason,
  correction:
    row.corrects_offer_id === null
      ? null
      : { offer_id: row.corrects_offer_id, reason: row.correction_reason ?? '' },
});

type OrderRow = Pick<
  Shipment,
  | 'reference'
  | 'service_type'
  | 'status'
  | 'created_at'
  | 'price_kobo'
  | 'paid_kobo'
  | 'refunded_kobo'
  | 'cancellation_fee_kobo'
  | 'payment_state'
>;

/** An order's row as every list and view puts it on the wire, with the offer it shows and its money. */
export const orderOf = (
  row: OrderRow & Partial<PriceColumns> & Partial<Pick<Shipment, 'declared_value_kobo'>>,
  offer: Offer | null,
): Order => ({
  reference_number: row.reference,
  service_type: row.service_type,
  status: row.status,
  created_at: row.created_at.toISOString(),
  offer,
  payment: paymentOf(row),
  ...pricesOf(row),
  declared_value_kobo: row.declared_value_kobo == null ? null : Number(row.declared_value_kobo),
});

/** The price or estimate the tariff gave at booking (docs/prices.md), with its version. */
type PriceColumns = Pick<
  Shipment,
  'price_version' | 'tariff_price_kobo' | 'estimate_low_kobo' | 'estimate_high_kobo'
>;

export function pricesOf(row: Partial<PriceColumns>): Pick<Order, 'price' | 'estimate'> {
  const version = row.price_version;
  if (version === null || version === undefined) return { price: null, estimate: null };
  if (row.tariff_price_kobo != null)
    return { price: { version, amount_kobo: Number(row.tariff_price_kobo) }, estimate: null };
  if (row.estimate_low_kobo != null && row.estimate_high_kobo != null) {
    return {
      price: null,
      estimate: {
        version,
        low_kobo: Number(row.estimate_low_kobo),
        high_kobo: Number(row.estimate_high_kobo),
      },
    };
  }
  return { price: null, estimate: null };
}

/**
 * An offer an order shows: not replaced, and not a declined correction (the price accepted
 * before it stands, and shows).
 */
const shown = (eb: ExpressionBuilder<Database, 'offers'>) =>
  eb.and([
    eb('state', '!=', 'replaced'),
    eb.or([eb('state', '!=', 'declined'), eb('corrects_offer_id', 'is', null)]),
  ]);

/** The offer each order shows: its newest one shown. */
export async function currentOffers(db: DB, shipmentIds: number[]): Promise<Map<number, Offer>> {
  if (shipmentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('offers')
    .selectAll()
    .where('shipment_id', 'in', shipmentIds)
    .where(shown)
    .orderBy('id', 'desc')
    .execute();
  const current = new Map<number, Offer>();
  for (const row of rows)
    if (!current.has(row.shipment_id)) current.set(row.shipment_id, offerOf(row));
  return current;
}

/** The offer the order shows, as stored: its newest one shown. */
export const currentOfferRow = (db: DB, shipmentId: number) =>
  db
    .selectFrom('offers')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .where(shown)
    .orderBy('id', 'desc')
    .executeTakeFirst();

/**
 * Staff cancel an order whose price the customer accepted only knowingly (`confirm_accepted`), so
 * a cancel decided on a page read before the customer accepted (or paid) is refused. The customer
 * cancels their own accepted (and paid) order themselves while it is To Inspect: their page shows
 * the fee and the refund before they confirm (docs/operations.md, "What happens to an order").
 */
export function checkStaffCancelOf(shipment: Shipment): void {
  if (shipment.price_kobo === null) return;
  const price = formatNaira(Number(shipment.price_kobo));
  const paid =
    Number(shipment.paid_kobo) > 0 ? ` and paid ${formatNaira(Number(shipment.paid_kobo))}` : '';
  throw conflict(
    `The customer accepted ${price}${paid} for this order: confirm that you cancel it anyway.`,
  );
}

const offersOf = (db: DB, shipmentId: number) =>
  db.selectFrom('offers').selectAll().where('shipment_id', '=', shipmentId).orderBy('id').execute();

/** The quote or delivery as sent; quote photos as signed links (see ../files/photo-links.ts). */
async function detailsOf(
  db: DB,
  shipment: Shipment,
  photoLinks: PhotoLinks,
): Promise<OrderDetail['details']> {
  const quote = await db
    .selectFrom('quotes')
    .selectAll()
    .where('shipment_id', '=', shipment.id)
    .executeTakeFirst();
  if (quote) {
    const { shipment_id: _, from_floor, to_floor, services, image, ...sent } = quote;
    return {
      kind: 'quote',
      ...sent,
      aptFloor: from_floor,
      toAptFloor: to_floor,
      Services: services,
      photos: image ? [photoLinks.link(image)] : [],
    };
  }
  const delivery = await db
    .selectFrom('deliveries')
    .selectAll()
    .where('shipment_id', '=', shipment.id)
    .executeTakeFirstOrThrow();
  const receivers = await db
    .selectFrom('delivery_receivers')
    .select(['address', 'landmark', 'name', 'phone', 'delivery_date'])
    .where('shipment_id', '=', shipment.id)
    .orderBy('position')
    .execute();
  const { shipment_id: _, ...sender } = delivery;
  return { kind: 'delivery', ...sender, receivers };
}

type Line = Omit<HistoryEntry, 'status' | 'at' | 'by_name'> & {
  status: ShipmentStatus | null;
  at: Date;
  actor_user_id: number | null;
};

const moneyLine = (line: MoneyLine): Line => ({ ...line, status: null });

const offerSummary = (row: OfferRow) =>
  `${row.corrects_offer_id === null ? '' : 'Price correction: '}${formatNaira(Number(row.amount_kobo))}, valid through ${row.valid_until}${row.correction_reason ? `. Reason: ${row.correction_reason}` : ''}`;

/**
 * A history line as the order's owner reads it (issue 35): a staff member's note on a status
 * move is for staff (e.g. "Shipped with ₦2,500.00 unpaid (confirmed)"), and the ops command is
 * staff to the customer. Offer notes are written for the customer and stay.
 */
function forOwner(entry: HistoryEntry): HistoryEntry {
  // A cancel's reason is the customer's to read too.
  const staffNote =
    entry.event === 'status' && entry.by !== 'customer' && entry.status !== 'Cancelled';
  return {
    ...entry,
    by: entry.by === 'ops' ? 'staff' : entry.by,
    note: staffNote ? null : entry.note,
  };
}

/** Everything that happened to the order, oldest first; each line carries the status it left the order in. */
async function historyOf(
  db: DB,
  shipment: Shipment,
  offers: OfferRow[],
  money: MoneyLine[],
  withNames: boolean,
): Promise<HistoryEntry[]> {
  const moves = await db
    .selectFrom('shipment_status_changes')
    .select(['status', 'changed_at', 'actor', 'actor_user_id', 'note'])
    .where('shipment_id', '=', shipment.id)
    .orderBy('id')
    .execute();
  const reschedules = await db
    .selectFrom('order_reschedules')
    .select(['changed_at', 'note'])
    .where('shipment_id', '=', shipment.id)
    .orderBy('id')
    .execute();
  const lines: Line[] = [
    // The first row is the booking itself, made by the customer.
    ...moves.map((move): Line => ({
      event: 'status',
      status: move.status,
      at: move.changed_at,
      by: move.actor ?? 'customer',
      actor_user_id: move.actor_user_id,
      note: move.note,
    })),
    ...offers.flatMap((row): Line[] => [
      {
        event: 'offer_sent',
        status: null,
        at: row.created_at,
        by: row.actor,
        actor_user_id: row.actor_user_id,
        note: row.note ? `${offerSummary(row)}. ${row.note}` : offerSummary(row),
      },
      ...(row.decided_at && (row.state === 'accepted' || row.state === 'declined')
        ? [
            {
              event: row.state === 'accepted' ? 'offer_accepted' : 'offer_declined',
              status: null,
              at: row.decided_at,
              by: 'customer',
              actor_user_id: null,
              note:
                row.state === 'accepted'
                  ? formatNaira(Number(row.amount_kobo))
                  : row.decline_reason,
            } satisfies Line,
          ]
        : []),
    ]),
    ...reschedules.map((change): Line => ({
      event: 'rescheduled',
      status: null,
      at: change.changed_at,
      by: 'customer',
      actor_user_id: null,
      note: change.note,
    })),
    ...money.map(moneyLine),
    ...(await crewHistoryOf(db, shipment.id, withNames)).map((line): Line => ({
      ...line,
      status: null,
    })),
  ];
  // A stable sort: lines of the same instant keep the order above (status first).
  lines.sort((a, b) => a.at.getTime() - b.at.getTime());

  const staffIds = [
    ...new Set(lines.map((line) => line.actor_user_id).filter((id): id is number => id !== null)),
  ];
  const names = new Map<number, string>();
  if (withNames && staffIds.length) {
    for (const user of await db
      .selectFrom('users')
      .select(['id', 'fullname'])
      .where('id', 'in', staffIds)
      .execute())
      names.set(user.id, user.fullname);
  }
  let status: ShipmentStatus = 'ToInspect';
  return lines.map(({ actor_user_id, at, ...line }) => {
    status = line.status ?? status;
    const entry = {
      ...line,
      status,
      at: at.toISOString(),
      by_name: actor_user_id === null ? null : (names.get(actor_user_id) ?? null),
    };
    return withNames ? entry : forOwner(entry);
  });
}

/** What the order views need besides the database: photo links, and the cancellation fee (CANCELLATION_FEE_PERCENT). */
export interface ViewSettings {
  photoLinks: PhotoLinks;
  cancellationFeePercent: number;
}

async function detailOf(
  db: DB,
  stale: Shipment,
  settings: ViewSettings,
  offers: OfferRow[],
  forStaff: boolean,
) {
  // The money columns are kept by triggers: read the row as it is now, not as the caller read it.
  const shipment =
    (await db.selectFrom('shipments').selectAll().where('id', '=', stale.id).executeTakeFirst()) ??
    stale;
  const current = offers
    .filter(
      (row) =>
        row.state !== 'replaced' && (row.state !== 'declined' || row.corrects_offer_id === null),
    )
    .at(-1);
  const money = await moneyOf(db, shipment, settings.cancellationFeePercent, forStaff);
  const detail: OrderDetail = {
    ...orderOf(shipment, current ? offerOf(current) : null),
    updated_at: shipment.updated_at.toISOString(),
    details: await detailsOf(db, shipment, settings.photoLinks),
    history: await historyOf(db, shipment, offers, money.lines, forStaff),
    receipts: money.receipts,
    refunds: money.refunds,
    cancellation: money.cancellation,
    stops: (await orderStops(db, shipment, settings.photoLinks, forStaff)).map(withoutPosition),
    crew: await visibleCrewOf(db, shipment),
  };
  return { detail, shipment, money };
}

/** The order as its owner sees it: staff members stay unnamed. */
export async function ownerView(
  db: DB,
  shipment: Shipment,
  settings: ViewSettings,
): Promise<OrderDetail> {
  return (await detailOf(db, shipment, settings, await offersOf(db, shipment.id), false)).detail;
}

/** The order as staff see it: the customer's account, every offer, who did what, payments not counted. */
export async function staffView(
  db: DB,
  shipment: Shipment,
  settings: ViewSettings,
): Promise<StaffOrderDetail> {
  const offers = await offersOf(db, shipment.id);
  const customer = await db
    .selectFrom('users')
    .select(['fullname', 'email', 'phone'])
    .where('id', '=', shipment.user_id)
    .executeTakeFirstOrThrow();
  const { detail, shipment: now, money } = await detailOf(db, shipment, settings, offers, true);
  return {
    ...detail,
    customer,
    offers: offers.map(offerOf),
    payment_state: now.payment_state,
    payment_mismatches: money.mismatches,
    messages: await orderTexts(db, shipment.id),
    assignment: await assignmentOf(db, shipment.id),
  };
}

/** Where an order may move: forward along To Inspect → Shipped → Delivered, or Cancelled from To Inspect. */
export function checkMove(from: ShipmentStatus, to: ShipmentStatus): void {
  if (isFinalStatus(from))
    throw conflict(`This order is ${statusLabels[from]}: its status can no longer change.`);
  if (!nextStatuses[from].includes(to)) {
    const allowed = nextStatuses[from].map((status) => statusLabels[status]).join(' or ');
    throw conflict(`An order that is ${statusLabels[from]} can only move to ${allowed}.`);
  }
}

export const MOVED_MEANWHILE = 'The order changed meanwhile: reload it and try again.';
