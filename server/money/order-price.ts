/**
 * The price of a booking, computed again by the server from the newest tariff with the same
 * function the site's preview runs (src/api/pricing.ts): its figure is the one that counts
 * (docs/prices.md). A delivery's price becomes an accepted offer at once; a move's estimate is
 * recorded on the order, and staff's offer after inspection is the final price.
 */
import { formatNaira, todayInLagos } from '../../src/api/contract';
import { koboOfDeclared } from '../../src/api/contract/rules';
import { priceOf, type Price, type PriceRequest } from '../../src/api/pricing';
import type { DB } from '../db/database';
import { checkPlaces, placesOf } from './places';
import { currentTariff, pricingOf } from './tariff';

/** What the booking stores of its price: columns of the shipment, and the accepted offer of a priced delivery. */
export interface BookingPrice {
  columns: {
    price_version?: number;
    tariff_price_kobo?: number;
    /**
     * A price accepted at booking, written with the shipment, where the offer's triggers
     * (migrations 010 and 013) would otherwise update the new row again (migration 017).
     */
    price_kobo?: number;
    live_offer_state?: 'accepted';
    live_offer_valid_until?: string;
    estimate_low_kobo?: number;
    estimate_high_kobo?: number;
    /** Not a price: what the customer declared the goods are worth, stored with them (issue 35). */
    declared_value_kobo?: number;
  };
  offer?: {
    amount_kobo: number;
    valid_until: string;
    state: 'accepted';
    actor: 'ops';
    note: string;
    decided_at: string;
  };
  /** A line for the booking's mail. */
  mailLine?: string;
  /** What the booking's answer says of it. */
  answer?:
    | { price: { version: number; amount_kobo: number } }
    | { estimate: { version: number; low_kobo: number; high_kobo: number } };
}

/** The tariff's price columns, and the value the customer declared when they did (a delivery or a move). */
export const withDeclaredValue = (
  price: BookingPrice,
  declared: string | undefined,
): BookingPrice => {
  const kobo = koboOfDeclared(declared);
  return kobo === undefined
    ? price
    : { ...price, columns: { ...price.columns, declared_value_kobo: kobo } };
};

/** Checks the places (422 at a field not in the list) and prices the order with the newest tariff. */
export async function estimate(db: DB, request: PriceRequest): Promise<Price> {
  checkPlaces(placesOf(request as Parameters<typeof placesOf>[0]));
  return priceOf(pricingOf(await currentTariff(db)), request);
}

export async function bookingPrice(db: DB, request: PriceRequest): Promise<BookingPrice> {
  const price = await estimate(db, request);
  if (price.kind === 'price') {
    const note = `Price from the tariff, version ${price.version}.`;
    const validUntil = todayInLagos();
    return {
      columns: {
        price_version: price.version,
        tariff_price_kobo: price.amount_kobo,
        price_kobo: price.amount_kobo,
        live_offer_state: 'accepted',
        live_offer_valid_until: validUntil,
      },
      offer: {
        amount_kobo: price.amount_kobo,
        valid_until: validUntil,
        state: 'accepted',
        actor: 'ops',
        note,
        decided_at: new Date().toISOString(),
      },
      mailLine: `Price: ${formatNaira(price.amount_kobo)}, accepted at booking.`,
      answer: { price: { version: price.version, amount_kobo: price.amount_kobo } },
    };
  }
  if (price.kind === 'estimate') {
    return {
      columns: {
        price_version: price.version,
        estimate_low_kobo: price.low_kobo,
        estimate_high_kobo: price.high_kobo,
      },
      mailLine: `Estimate: ${formatNaira(price.low_kobo)} – ${formatNaira(price.high_kobo)}, final price after inspection.`,
      answer: {
        estimate: { version: price.version, low_kobo: price.low_kobo, high_kobo: price.high_kobo },
      },
    };
  }
  return { columns: {} };
}
