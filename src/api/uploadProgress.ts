/**
 * A transport for the API client (./client.ts) that tells how much of a request has gone, for a
 * form carrying a photo (src/machines/photoUploadMachine.ts): XMLHttpRequest, since fetch cannot
 * report an upload's progress over HTTP/1.1. The answer comes back as a fetch Response, so the
 * client reads it, checks it against the contract and turns failures into messages as for any
 * call. The wait is bounded by silence rather than in all: a photo on a slow network keeps going
 * while it moves, and is given up after `timeoutMs` without a byte sent or an answer.
 */
import type { Transport } from './client';

/** Statuses whose Response may have no body (the Response constructor refuses one). */
const BODYLESS = new Set([101, 103, 204, 205, 304]);

function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** `report` hears the share of the request sent, 0 to 100. */
export function withUploadProgress(report: (percent: number) => void): Transport {
  return (url, init, timeoutMs, signal) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      let silence: ReturnType<typeof setTimeout> | undefined;
      const abort = () => xhr.abort();
      const end = () => {
        clearTimeout(silence);
        signal?.removeEventListener('abort', abort);
      };
      /** Gives up after `timeoutMs` with nothing new. */
      const heard = () => {
        clearTimeout(silence);
        silence = setTimeout(abort, timeoutMs);
      };
      const fail = () => {
        end();
        reject(new TypeError('The request did not get an answer.'));
      };
      xhr.open(init.method, url);
      for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        heard();
        if (event.lengthComputable && event.total > 0)
          report(Math.floor((event.loaded / event.total) * 100));
      };
      xhr.onprogress = heard;
      xhr.onload = () => {
        end();
        try {
          resolve(
            new Response(BODYLESS.has(xhr.status) ? null : xhr.responseText, {
              status: xhr.status,
              headers: headersOf(xhr),
            }),
          );
        } catch (error) {
          reject(error);
        }
      };
      xhr.onerror = fail;
      xhr.onabort = fail;
      if (signal?.aborted) return fail();
      signal?.addEventListener('abort', abort);
      heard();
      xhr.send(init.body as XMLHttpRequestBodyInit | undefined);
    });
}
