/** Serving the built site: files, prerendered pages, the app shell for client routes, the private tracking link's page, long-cached assets. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let webRoot: string;
const log: string[] = [];

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'relo-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.mkdirSync(path.join(webRoot, 'faq'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<html>shell</html>');
  fs.writeFileSync(path.join(webRoot, 'faq', 'index.html'), '<html>faq</html>');
  fs.writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webRoot, 'track-link.html'), '<html>track link</html>');
  server = await startTestServer({
    webRoot,
    logger: true,
    logStream: { write: (line: string) => void log.push(line) },
  });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const page = async (pathname: string) => {
  const response = await fetch(`${server.origin}${pathname}`);
  return { status: response.status, text: await response.text(), headers: response.headers };
};

it('serves a prerendered page when the build made one, else the app shell', async () => {
  expect((await page('/faq')).text).toBe('<html>faq</html>');
  expect((await page('/faq/')).text).toBe('<html>faq</html>');
  const shell = await page('/package-details?x=1');
  expect(shell).toMatchObject({ status: 200, text: '<html>shell</html>' });
  expect(shell.headers.get('content-type')).toMatch(/text\/html/);
  expect((await page('/%2e%2e/%2e%2e/etc')).text).toBe('<html>shell</html>');
});

it('caches hashed assets for a year and pages not at all', async () => {
  expect((await page('/assets/index-abc123.js')).headers.get('cache-control')).toBe(
    'public, max-age=31536000, immutable',
  );
  expect((await page('/')).headers.get('cache-control')).toBe('no-cache');
});

it('sends the document headers with pages only: a script keeps nosniff, its resource policy and HSTS', async () => {
  const script = (await page('/assets/index-abc123.js')).headers;
  const document = (await page('/faq')).headers;
  expect(document.get('content-security-policy')).toContain("script-src 'self'");
  expect(document.get('x-frame-options')).toBe('SAMEORIGIN');
  for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy'])
    expect(script.get(name)).toBeNull();
  expect(script.get('x-content-type-options')).toBe('nosniff');
  expect(script.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(script.get('strict-transport-security')).toBe(document.get('strict-transport-security'));
});

it('keeps API misses as JSON 404s', async () => {
  const miss = await page('/api/v1/nothing');
  expect(miss.status).toBe(404);
  expect(JSON.parse(miss.text)).toEqual({ message: 'Not found' });
});

it('serves the private tracking link its own light page, kept from caches and referrers, its token out of the log', async () => {
  const token = 'AbCdEfGhIjKlMnOpQrStUv';
  for (const address of [`/t/${token}`, `/t/${token}/`, `/t/${token}?from=sms`]) {
    const link = await page(address);
    expect(link).toMatchObject({ status: 200, text: '<html>track link</html>' });
    expect(link.headers.get('cache-control')).toBe('no-store');
    expect(link.headers.get('referrer-policy')).toBe('no-referrer');
  }
  expect((await page('/t')).text).toBe('<html>shell</html>');
  expect((await page(`/api/v1/track-links/${token}`)).status).toBe(404);
  const lines = log.join('');
  expect(lines).toContain('/t/…');
  expect(lines).toContain('/api/v1/track-links/…');
  expect(lines).not.toContain(token);
});
