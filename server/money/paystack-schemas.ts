/**
 * The parts of Paystack's API this product uses, as its own schemas (docs/operations.md,
 * "Payments"). The calls follow Paystack's OpenAPI document (repository PaystackOSS/openapi, file
 * dist/paystack.yaml, read at commit 9678dea): `TransactionInitialize` and
 * `TransactionInitializeResponse` (POST /transaction/initialize), `VerifyResponse`
 * (GET /transaction/verify/{reference}), `RefundCreate` and `RefundCreateResponse` (POST /refund).
 * Only the fields the product reads or sends are named; objects stay open (`looseObject`), as
 * Paystack adds fields over time.
 *
 * The webhook events are not in that document: `charge.success` and `refund.processed` are taken
 * from Paystack's webhook and refund guides (paystack.com/docs/payments/webhooks,
 * paystack.com/docs/payments/refunds): `{event, data}`, where a charge's `data` mirrors the
 * verified transaction and a refund's carries `transaction_reference`, `refund_reference`,
 * `amount`, `currency` and `status`.
 *
 * Both the client (./paystack-client.ts) and the test gateway (../routes/paystack-test-gateway.ts) are
 * held to these in tests/api/payments-contract.test.ts.
 */
import { z } from 'zod';

/** Paystack's envelope: `status` false carries the reason in `message`. */
const envelope = <T extends z.ZodType>(data: T) =>
  z.looseObject({ status: z.boolean(), message: z.string(), data });

/** Unique per transaction; "Only -, ., = and alphanumeric characters allowed" (TransactionInitialize.reference). */
export const paystackReference = z.string().regex(/^[A-Za-z0-9.=-]{1,100}$/);

export const transactionInitialize = z.looseObject({
  email: z.string(),
  /** In the currency's smallest unit: kobo. */
  amount: z.number().int().positive(),
  currency: z.enum(['NGN', 'USD', 'GHS', 'ZAR', 'KES']).optional(),
  reference: paystackReference.optional(),
  callback_url: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type TransactionInitialize = z.infer<typeof transactionInitialize>;

export const transactionInitializeResponse = envelope(
  z.looseObject({ authorization_url: z.string(), access_code: z.string(), reference: z.string() }),
);

/** A transaction as verify reports it (`VerifyResponse.data`), and as `charge.success` carries it. */
export const transaction = z.looseObject({
  id: z.number().int(),
  domain: z.string(),
  /** `success`, `failed`, `abandoned`, `ongoing`, `pending`, `processing`, `queued`, `reversed`. */
  status: z.string(),
  reference: z.string(),
  amount: z.number().int(),
  gateway_response: z.string(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  channel: z.string(),
  currency: z.string(),
  metadata: z.union([z.string(), z.record(z.string(), z.unknown())]).nullable(),
});
export type PaystackTransaction = z.infer<typeof transaction>;

export const verifyResponse = envelope(transaction);

export const refundCreate = z.looseObject({
  /** The reference of the transaction to refund. */
  transaction: z.string(),
  /** At most the transaction's amount; all of it when left out. */
  amount: z.number().int().positive().optional(),
  currency: z.enum(['GHS', 'KES', 'NGN', 'USD', 'ZAR']).optional(),
  merchant_note: z.string().optional(),
});
export type RefundCreate = z.infer<typeof refundCreate>;

export const refundCreateResponse = envelope(
  z.looseObject({
    transaction: z.looseObject({
      id: z.number().int(),
      reference: z.string(),
      amount: z.number().int(),
      currency: z.string(),
    }),
    amount: z.number().int(),
    currency: z.string(),
    status: z.string(),
    id: z.number().int(),
  }),
);

export const chargeSuccessEvent = z.looseObject({
  event: z.literal('charge.success'),
  data: transaction,
});

export const refundProcessedEvent = z.looseObject({
  event: z.literal('refund.processed'),
  data: z.looseObject({
    status: z.string(),
    transaction_reference: z.string(),
    refund_reference: z.string().nullable().optional(),
    amount: z.number().int(),
    currency: z.string(),
  }),
});

/** Events this product acts on; any other event is acknowledged and left alone. */
export const webhookEvent = z.discriminatedUnion('event', [
  chargeSuccessEvent,
  refundProcessedEvent,
]);
export const anyEvent = z.looseObject({ event: z.string() });
