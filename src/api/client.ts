/**
 * One typed function per call of the contract, on the browser's fetch. Every failure becomes an
 * ApiError carrying the messages docs/product.md says to show. A call gives up after the
 * timeout; a GET that meets a network failure or a passing server error (408, 413, 429, 500,
 * 502, 503, 504) is tried twice more, 0.3 s and 0.6 s later — what ky, used before, did with these
 * settings, for its 4.5 KB gzipped on every page that loads data (docs/architecture.md, "What a
 * route loads").
 */
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
  /** Fills `{id}` in the path (users/edit/{id}, staff/orders/{id}/status), or `{token}` (track-links/{token}). */
  id?: string | number;
  /** Fills `{key}`, the second name in a path (users/orders/{id}/receipts/{key}). */
  key?: string | number;
  /** The query string of a call that takes one (filters, `cursor`); empty values are left out. */
  query?: QueryOf<N>;
  /** Files of a multipart call, by field name (several under one name: a list); empty entries are left out. */
  files?: Record<string, Blob | Blob[] | null | undefined>;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: the server answers a repeat of this key with its first result. */
  idempotencyKey?: string;
  /** Sends the call another way than fetch, e.g. telling how much has gone (./uploadProgress.ts). */
  transport?: Transport;
}

/** How a call reaches the server: fetch with the timeout and retries below, or another way with its signature. */
export type Transport = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: BodyInit | undefined },
  timeoutMs: number,
  signal: AbortSignal | undefined,
) => Promise<Response>;

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
    for (const one of [file ?? []].flat()) form.append(key, one);
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

const RETRIES = 2;
const RETRY_STATUSES = new Set([408, 413, 429, 500, 502, 503, 504]);
/** A server that asks for a longer pause than this (Retry-After) is answered at once, not waited for. */
const LONGEST_RETRY_AFTER_MS = 2_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long to wait before try `retry` (1, 2) of a GET, or null when it should not be retried. */
function retryDelay(response: Response | null, retry: number): number | null {
  const backoff = 300 * 2 ** (retry - 1);
  if (!response) return backoff;
  if (!RETRY_STATUSES.has(response.status)) return null;
  const retryAfter = Number(response.headers.get('retry-after'));
  if (!Number.isFinite(retryAfter) || retryAfter <= 0) return backoff;
  return retryAfter * 1000 <= LONGEST_RETRY_AFTER_MS ? retryAfter * 1000 : null;
}

/** fetch, aborted after `timeoutMs` or when `signal` aborts, with the GET retries above: how every call goes unless it says otherwise. */
export const fetchWithRetries: Transport = async (url, init, timeoutMs, signal) => {
  for (let retry = 0; ; retry++) {
    const attempt = new AbortController();
    const stop = () => attempt.abort();
    const timer = setTimeout(stop, timeoutMs);
    signal?.addEventListener('abort', stop);
    let response: Response | null = null;
    try {
      if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      response = await fetch(url, { ...init, signal: attempt.signal });
    } catch (error) {
      // A timeout or the caller's abort ends the call; only a network failure is tried again.
      if (attempt.signal.aborted || init.method !== 'GET' || retry === RETRIES) throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    }
    const wait = init.method === 'GET' && retry < RETRIES ? retryDelay(response, retry + 1) : null;
    if (response && wait === null) return response;
    await pause(wait ?? 0);
  }
};

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
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function send(name: CallName, input: unknown, extras: CallExtras, accept: string) {
    const spec: CallSpec = (calls as unknown as Record<CallName, CallSpec>)[name];
    const rules: FailureRules = { booking: 'booking' in spec, quote: 'quote' in spec };
    const headers: Record<string, string> = { accept };
    const token = spec.auth === 'none' ? null : options.getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    if (extras.idempotencyKey) headers['idempotency-key'] = extras.idempotencyKey;
    const path = spec.path
      .replace(/\{(?:id|token)\}/, encodeURIComponent(String(extras.id ?? '')))
      .replace('{key}', encodeURIComponent(String(extras.key ?? '')));
    const payload = (input ?? {}) as Record<string, unknown>;
    const query = Object.entries((extras.query ?? {}) as Record<string, unknown>).filter(
      ([, value]) => value !== undefined && value !== '',
    );

    if (spec.body === 'json') headers['content-type'] = 'application/json';
    const search = query.length
      ? `?${new URLSearchParams(query.map(([key, value]) => [key, String(value)]))}`
      : '';
    const url = `${baseUrl().replace(/\/+$/, '')}/${path}${search}`;
    const body =
      spec.body === 'json'
        ? JSON.stringify(payload)
        : spec.body === 'multipart'
          ? formDataOf(payload, extras.files)
          : undefined;

    let response: Response;
    try {
      response = await (extras.transport ?? fetchWithRetries)(
        url,
        { method: spec.method, headers, body },
        timeoutMs,
        extras.signal,
      );
    } catch {
      throw networkFailure(rules);
    }
    if (!response.ok) {
      if (
        response.status === 401 &&
        (spec.auth === 'bearer' || spec.auth === 'staff' || spec.auth === 'crew')
      )
        options.onUnauthorized?.();
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
