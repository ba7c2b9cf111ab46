/**
 * One typed function per call of the contract, on ky. Every failure becomes an ApiError carrying
 * the messages docs/product.md says to show. A call gives up after the timeout; a GET that meets
 * a network failure or a passing server error (408, 413, 429, 500, 502, 503, 504) is tried twice
 * more, 0.3 s and 0.6 s later (ky's retry); ky's hooks send the bearer token and report a 401.
 */
import ky, { HTTPError } from 'ky';
import type { CallName, calls as everyCall, QueryOf, RequestOf, ResponseOf } from './contract';
import type { CallSpec } from './contract/rules';
import { failureFrom, networkFailure, unexpectedSuccess, type FailureRules } from './errors';

export interface ClientOptions {
  /** Where the API lives: VITE_API_BASE_URL, `/api/v1` by default; read at call time. */
  baseUrl: string | (() => string);
  /** The bearer token, read at call time so a login or logout is seen at once. */
  getToken: () => string | null;
  /** Called when a call that needs the session answers 401: the session has ended. */
  onUnauthorized?: () => void;
  timeoutMs?: number;
}

export interface CallExtras<N extends CallName = CallName> {
  /** Fills `{id}` in the path (users/edit/{id}, staff/orders/{id}/status). */
  id?: string | number;
  /** Fills `{key}`, the second name in a path (users/orders/{id}/receipts/{key}). */
  key?: string | number;
  /** The query string of a call that takes one (filters, `cursor`); empty values are left out. */
  query?: QueryOf<N>;
  /** Files of a multipart call, by field name; empty entries are left out. */
  files?: Record<string, Blob | null | undefined>;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: the server answers a repeat of this key with its first result. */
  idempotencyKey?: string;
}

/** A part of the contract's table of calls: an area's (./contract/accounts, ./contract/staff…). */
export type CallTable<N extends CallName> = Pick<typeof everyCall, N>;

type CsvCallName<Names extends CallName> = {
  [N in Names]: (typeof everyCall)[N] extends { csv: true } ? N : never;
}[Names];

/** The calls of one table, by name; `Api` alone is every call of the contract. */
export type Api<Names extends CallName = CallName> = {
  [N in Names]: (input: RequestOf<N>, extras?: CallExtras<N>) => Promise<ResponseOf<N>>;
} & {
  /** The CSV file of a call that offers one (`Accept: text/csv`), e.g. `download('staffSubscribers')`. */
  download: <N extends CsvCallName<Names>>(name: N, extras?: CallExtras<N>) => Promise<Blob>;
};

function formDataOf(input: Record<string, unknown>, files: CallExtras['files']): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) {
    // docs/product.md: optional fields (email of the five-step form) are sent only if filled.
    if (value === undefined || value === null || value === '') continue;
    form.append(key, String(value));
  }
  for (const [key, file] of Object.entries(files ?? {})) {
    if (file) form.append(key, file);
  }
  return form;
}

async function bodyOf(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** A server that asks for a longer pause than this (Retry-After) is answered at once, not waited for. */
const LONGEST_RETRY_AFTER_S = 2;

/** What the hooks need to know of the call they run for (ky's `context`). */
interface CallContext {
  auth: CallSpec['auth'];
}

/**
 * A client of the calls in `calls`: a page passes its area's table (./contract/orders…) so it
 * loads those schemas only, not every response of the contract (docs/architecture.md, "What a
 * route loads").
 */
export function createApi<Names extends CallName>(
  options: ClientOptions,
  calls: CallTable<Names>,
): Api<Names> {
  const baseUrl =
    typeof options.baseUrl === 'function' ? options.baseUrl : () => options.baseUrl as string;
  const http = ky.create({
    timeout: options.timeoutMs ?? 30_000,
    retry: {
      // Only a GET is tried again: a POST may have done its work before its answer was lost.
      limit: 2,
      methods: ['get'],
      shouldRetry: ({ error }) =>
        error instanceof HTTPError &&
        Number(error.response.headers.get('retry-after')) > LONGEST_RETRY_AFTER_S
          ? false
          : undefined,
    },
    hooks: {
      beforeRequest: [
        // The token is read at every try, so a login or logout is seen at once.
        (request, { context }) => {
          const token =
            (context as Partial<CallContext>).auth === 'none' ? null : options.getToken();
          if (token) request.headers.set('authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [
        // A call that needs the session answering 401: the session has ended.
        (_request, { context }, response) => {
          const { auth } = context as Partial<CallContext>;
          if (response.status === 401 && (auth === 'bearer' || auth === 'staff'))
            options.onUnauthorized?.();
        },
      ],
    },
  });

  async function send(name: CallName, input: unknown, extras: CallExtras, accept: string) {
    const spec: CallSpec = (calls as unknown as Record<CallName, CallSpec>)[name];
    const rules: FailureRules = { booking: 'booking' in spec, quote: 'quote' in spec };
    const headers: Record<string, string> = { accept };
    if (extras.idempotencyKey) headers['idempotency-key'] = extras.idempotencyKey;
    const path = spec.path
      .replace('{id}', encodeURIComponent(String(extras.id ?? '')))
      .replace('{key}', encodeURIComponent(String(extras.key ?? '')));
    const payload = (input ?? {}) as Record<string, unknown>;
    const query = Object.entries((extras.query ?? {}) as Record<string, unknown>)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]);

    let response: Response;
    try {
      response = await http(path, {
        prefixUrl: baseUrl(),
        method: spec.method,
        headers,
        searchParams: query,
        json: spec.body === 'json' ? payload : undefined,
        body: spec.body === 'multipart' ? formDataOf(payload, extras.files) : undefined,
        signal: extras.signal,
        context: { auth: spec.auth } satisfies CallContext,
      });
    } catch (error) {
      // A failing status after ky's tries is answered from its body; anything else (no network,
      // the timeout, the caller's abort) says the generic message.
      if (!(error instanceof HTTPError)) throw networkFailure(rules);
      response = error.response;
    }
    if (!response.ok) {
      const body = await bodyOf(response);
      const current =
        response.status === 409 && spec.conflict ? spec.conflict.safeParse(body) : null;
      throw failureFrom(body, response.status, rules, current?.success ? current.data : null);
    }
    return { spec, rules, response };
  }

  async function call<N extends CallName>(name: N, input: RequestOf<N>, extras: CallExtras = {}) {
    const { spec, rules, response } = await send(name, input, extras, 'application/json');
    const body = await bodyOf(response);
    const said =
      name === 'deleteUser'
        ? (body as { succes?: unknown } | null)?.succes
        : (body as { message?: unknown } | null)?.message;
    if (spec.success !== null && said !== spec.success)
      throw unexpectedSuccess(body, spec.fallback, rules);
    const parsed = spec.response.safeParse(body);
    if (!parsed.success) throw networkFailure(rules);
    return parsed.data as ResponseOf<N>;
  }

  async function download<N extends CsvCallName<Names>>(
    name: N,
    extras: CallExtras<N> = {},
  ): Promise<Blob> {
    const { rules, response } = await send(name, undefined, extras as CallExtras, 'text/csv');
    try {
      return await response.blob();
    } catch {
      throw networkFailure(rules);
    }
  }

  const api = { download } as Record<CallName | 'download', unknown>;
  for (const name of Object.keys(calls) as Names[]) {
    api[name] = (input: never, extras?: CallExtras) => call(name, input, extras);
  }
  return api as Api<Names>;
}
