/**
 * The server's Paystack client, on ky: the three calls the product makes, each request and
 * answer held to ./paystack-schemas.ts. The secret key travels only in the Authorization header;
 * a failure becomes a PaystackError that carries Paystack's message and status alone (never the
 * request, whose headers hold the key), so no log line or error body can show it.
 */
import ky, { HTTPError } from 'ky';
import type { z } from 'zod';
import {
  refundCreate,
  refundCreateResponse,
  transactionInitialize,
  transactionInitializeResponse,
  verifyResponse,
  type PaystackTransaction,
  type RefundCreate,
  type TransactionInitialize,
} from './paystack-schemas';

export class PaystackError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'PaystackError';
  }
}

export interface PaystackClient {
  initialize(
    request: TransactionInitialize,
  ): Promise<{ authorization_url: string; reference: string }>;
  /** The transaction as Paystack has it now; null when Paystack does not know the reference. */
  verify(reference: string): Promise<PaystackTransaction | null>;
  refund(request: RefundCreate): Promise<{ id: number; status: string }>;
  /** No real money moves through it (../money/paystack.ts): the payments it takes say TEST. */
  testMode?: boolean;
}

export function paystackClient(
  secretKey: string,
  baseUrl: () => string,
  timeoutMs = 15_000,
): PaystackClient {
  const http = ky.create({
    timeout: timeoutMs,
    retry: 0,
    headers: { authorization: `Bearer ${secretKey}` },
  });

  async function send<T extends z.ZodType>(
    method: 'get' | 'post',
    path: string,
    answer: T,
    json?: unknown,
  ): Promise<z.output<T>> {
    let body: unknown;
    try {
      body = await http(path, {
        prefixUrl: baseUrl(),
        method,
        ...(json === undefined ? {} : { json }),
      }).json();
    } catch (error) {
      if (error instanceof HTTPError) {
        const said = (await error.response.json().catch(() => null)) as {
          message?: unknown;
        } | null;
        throw new PaystackError(
          typeof said?.message === 'string'
            ? said.message
            : `Paystack answered ${error.response.status}`,
          error.response.status,
        );
      }
      throw new PaystackError(`Paystack could not be reached (${(error as Error).name})`, null);
    }
    const parsed = answer.safeParse(body);
    if (!parsed.success)
      throw new PaystackError(`Paystack's answer to ${path} has an unexpected shape`, null);
    return parsed.data;
  }

  return {
    async initialize(request) {
      const { data } = await send(
        'post',
        'transaction/initialize',
        transactionInitializeResponse,
        transactionInitialize.parse(request),
      );
      return { authorization_url: data.authorization_url, reference: data.reference };
    },
    async verify(reference) {
      try {
        return (
          await send('get', `transaction/verify/${encodeURIComponent(reference)}`, verifyResponse)
        ).data;
      } catch (error) {
        if (error instanceof PaystackError && error.status === 404) return null;
        throw error;
      }
    },
    async refund(request) {
      const { data } = await send(
        'post',
        'refund',
        refundCreateResponse,
        refundCreate.parse(request),
      );
      return { id: data.id, status: data.status };
    },
  };
}
