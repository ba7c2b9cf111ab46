/**
 * JSON bodies nested deeper than 32 levels answer 400 before they are parsed: one pass over the
 * text counting brackets outside strings, stopping at the first level too deep, so a hostile body
 * costs a scan instead of a deep parse and a deep validation. Everything else is Fastify's own
 * JSON parser (with its prototype-poisoning checks).
 */
import type { FastifyInstance } from 'fastify';
import { Problem } from './problems';

export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels.`;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Where the string opened at `open` closes (a quote after an even run of backslashes), or -1. */
function closingQuote(text: string, open: number): number {
  let at = open;
  for (;;) {
    at = text.indexOf('"', at + 1);
    if (at < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return at;
  }
}

/** Strings are skipped with indexOf, so a large flat body costs about as little as a small one. */
export function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let at = 0; at < text.length; at += 1) {
    const char = text.charCodeAt(at);
    if (char === QUOTE) {
      at = closingQuote(text, at);
      // An unclosed string: not JSON, which the parser then says.
      if (at < 0) return false;
    } else if (char === OPEN_OBJECT || char === OPEN_ARRAY) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === CLOSE_OBJECT || char === CLOSE_ARRAY) depth -= 1;
  }
  return false;
}

export function registerJsonDepthLimit(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestedDeeperThan(body as string, MAX_JSON_DEPTH))
      return done(new Problem(400, TOO_DEEP_MESSAGE), undefined);
    return parseJson(request, body as string, done);
  });
}
