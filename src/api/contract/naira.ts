/**
 * Naira as staff type them, to kobo: the one parser of typed money (offers, office payments,
 * the tariff on /staff/prices). A module of its own so a page that only types money does not
 * load a whole area of the contract (docs/architecture.md, "What a route loads").
 */
import * as z from 'zod/mini';

export const AMOUNT_REQUIRED_MESSAGE = 'Please enter the amount in naira.';
export const AMOUNT_FORMAT_MESSAGE = 'Enter the amount in naira, like 185000 or 185000.50.';

/**
 * What staff type in the naira field ("185000", "185,000.50", "₦ 185 000") → kobo, exactly:
 * whole naira (at most 12 digits) or at most two decimals, no floating-point rounding on the way.
 * `range` is the wire's kobo schema the amount must then pass (an offer's, a payment's).
 */
export const nairaTyped = /* @__NO_SIDE_EFFECTS__ */ (range: z.ZodMiniType<number, number>) =>
  z.pipe(
    z.pipe(
      z.pipe(
        z.pipe(
          z.string({ error: AMOUNT_REQUIRED_MESSAGE }),
          z.transform((value: string) => value.replace(/[\s,₦]/g, '')),
        ),
        z
          .string()
          .check(
            z.minLength(1, { error: AMOUNT_REQUIRED_MESSAGE, abort: true }),
            z.regex(/^\d{1,12}(\.\d{1,2})?$/, { error: AMOUNT_FORMAT_MESSAGE, abort: true }),
          ),
      ),
      z.transform((value: string) => {
        const [whole = '0', fraction = ''] = value.split('.');
        return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
      }),
    ),
    range,
  );
