/**
 * One typed function per call of the contract, on ky. Every failure becomes an ApiError
 * carrying the messages SPEC section 8 says to show.
 */
import ky from 'ky';
import { calls, type CallName, type RequestOf, type ResponseOf } from './contract';
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

export interface CallExtras {
  /** Fills `{id}` in the path (users/edit/{id}, staff/orders/{id}/status). */
  id?: string | number;
  /** Files of a multipart call, by field name; empty entries are left out. */
  files?: Record<string, Blob | null | undefined>;
  signal?: AbortSignal;
}

export type Api = {
  [N in CallName]: (input: RequestOf<N>, extras?: CallExtras) => Promise<ResponseOf<N>>;
};

function formDataOf(input: Record<string, unknown>, files: CallExtras['files']): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) {
    // SPEC section 3: optional fields (email of the five-step form) are sent only if filled.
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

export function createApi(options: ClientOptions): Api {
  const baseUrl = typeof options.baseUrl === 'function' ? options.baseUrl : () => options.baseUrl as string;
  const http = ky.create({
    timeout: options.timeoutMs ?? 30_000,
    throwHttpErrors: false,
    retry: { limit: 2, methods: ['get'] },
  });

  async function call<N extends CallName>(name: N, input: RequestOf<N>, extras: CallExtras = {}) {
    const spec = calls[name];
    const rules: FailureRules = { booking: 'booking' in spec, quote: 'quote' in spec };
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = spec.auth === 'none' ? null : options.getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    const path = spec.path.replace('{id}', encodeURIComponent(String(extras.id ?? '')));
    const payload = (input ?? {}) as Record<string, unknown>;

    let response: Response;
    try {
      response = await http(path, {
        prefixUrl: baseUrl(),
        method: spec.method,
        headers,
        signal: extras.signal,
        ...(spec.body === 'json' ? { json: payload } : {}),
        ...(spec.body === 'multipart' ? { body: formDataOf(payload, extras.files) } : {}),
      });
    } catch {
      throw networkFailure(rules);
    }

    const body = await bodyOf(response);
    if (!response.ok) {
      if (response.status === 401 && spec.auth === 'bearer') options.onUnauthorized?.();
      throw failureFrom(body, response.status, rules);
    }
    const said = name === 'deleteUser' ? (body as { succes?: unknown } | null)?.succes : (body as { message?: unknown } | null)?.message;
    if (spec.success !== null && said !== spec.success) throw unexpectedSuccess(body, spec.fallback, rules);
    const parsed = spec.response.safeParse(body);
    if (!parsed.success) throw networkFailure(rules);
    return parsed.data as ResponseOf<N>;
  }

  const api = {} as Record<CallName, unknown>;
  for (const name of Object.keys(calls) as CallName[]) {
    api[name] = (input: never, extras?: CallExtras) => call(name, input, extras);
  }
  return api as Api;
}
