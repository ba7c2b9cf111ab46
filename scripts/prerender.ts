/**
 * Second half of `npm run build`: renders every public marketing route (src/content/pages.ts)
 * to HTML, so its content shows before any JavaScript runs, and writes DIST_DIR/<route>/index.html
 * (DIST_DIR/index.html for /) with the page's title, description and link-preview tags. The
 * untouched app shell is kept as shell.html, which the server sends for every other route. Each
 * page names the scripts it will run as preload hints, and the other pages a visitor opens
 * (tracking, the booking forms, login…) get a shell of their own with theirs (`preloadsOf`). The
 * light tracking-link page (track-link.html, its own build) gets its stylesheet inline. The
 * tracking page's shell asks for the status as soon as it is parsed (`withEarlyTracking`). Last,
 * every text file gets a .gz and a .br twin that the server sends to browsers that accept them.
 *
 * The app is loaded through Vite's SSR loader (CSS imports, import.meta.env).
 */
process.env.NODE_ENV = 'production';

import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { createServer, loadEnv } from 'vite';
import { earlyTrackingScript } from '../src/api/contract/earlyTracking';
import type { PageText } from '../src/content/pages';
import { checkCompanyDetails } from './company-check';

checkCompanyDetails();

const dist = path.resolve(process.env.DIST_DIR ?? 'dist');
const ROOT = '<div id="root"><!--app--></div>';

/** The shell Vite built; kept aside on the first run so a second run starts from it again. */
function shellTemplate(): string {
  const shell = path.join(dist, 'shell.html');
  if (!fs.existsSync(shell)) fs.copyFileSync(path.join(dist, 'index.html'), shell);
  const html = fs.readFileSync(shell, 'utf8');
  if (!html.includes(ROOT)) throw new Error(`${shell} has no ${ROOT} to fill`);
  return html;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The entry's stylesheets go inline, in their order: the page paints without waiting for another
 * request (the server's CSP allows inline styles; of inline scripts, only the early look-up's, by its hash). They are small: global,
 * header and footer, and marketing styles (src/main.tsx).
 */
function inlineStylesheets(html: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (_link, href: string) => {
    const css = fs.readFileSync(path.join(dist, href), 'utf8');
    return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

/**
 * A prerendered page paints from its HTML alone; its scripts only make it interactive. At their
 * default priority (High) Chrome, and Lighthouse's simulation of a phone, count the module script
 * and its modulepreloads as holding the first paint (they arrive before the first frame on a fast
 * link, so the paint waits for their evaluation too). Low priority says what they are: wanted
 * soon, never before the page shows. The app shell (shell.html) keeps them High: it has nothing
 * to show without them.
 */
function scriptsAfterPaint(html: string): string {
  return html.replace(
    /<(script type="module"|link rel="modulepreload")/g,
    '<$1 fetchpriority="low"',
  );
}

/** What Vite's manifest (DIST_DIR/.vite/manifest.json) says of a chunk. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The scripts a page runs before it can be used: the app's start (src/start.tsx) and the route's
 * page, with everything they import (Vite's manifest), but the entry, which the HTML already
 * names. Without these hints each level of imports waits for the one before: on a slow network
 * (400 ms a round trip) the home page's five levels took 2.5 s more than its bytes
 * (docs/measurements.md, "On a slow network"). The build keeps Vite's own preload lists off
 * (vite.config.ts, modulePreload): they cost JavaScript on every page; these cost none.
 */
function preloadsOf(manifest: Record<string, ManifestChunk>, pageModule: string): string[] {
  const files = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  visit('src/start.tsx');
  visit(pageModule);
  const entry = manifest['index.html']!;
  for (const key of entry.imports ?? []) files.delete(manifest[key]!.file);
  for (const file of entry.css ?? []) styles.delete(file);
  // The page's own styles too: the app adds them when the page's code runs, and waits for them.
  return [
    ...[...files].map((file) => `<link rel="modulepreload" href="/${file}" />`),
    ...[...styles].map((file) => `<link rel="preload" as="style" href="/${file}" />`),
  ];
}

/** Each route's page module, from the route table's `load` (src/ui/routes.tsx). */
function pageModules(): Map<string, { module: string; access: string }> {
  const table = fs.readFileSync(path.resolve('src/ui/routes.tsx'), 'utf8');
  const routes = new Map<string, { module: string; access: string }>();
  for (const [, route, access, page] of table.matchAll(
    /path: '([^']+)',\s*access: '(\w+)',\s*load: \(\) => import\('\.\/pages\/(\w+)'\)/g,
  ))
    routes.set(route!, { module: `src/ui/pages/${page}.tsx`, access: access! });
  if (!routes.has('/')) throw new Error('src/ui/routes.tsx: no route table found for the preloads');
  return routes;
}

/**
 * The tracking page (/package-details?reference=…) opened by its address: an inline script, first
 * in the head (before any stylesheet, which would hold it), sends the status call while the
 * app's code downloads, and the page's first look-up takes its answer instead of asking again
 * (src/api/contract/earlyTracking.ts; on Slow 3G the status otherwise waited for the framework and
 * the first render: docs/measurements.md, "On a slow network"). The server's CSP allows it by its
 * hash. Left out when the site calls an API elsewhere (VITE_API_BASE_URL): the script asks this
 * site's /api/v1.
 */
const EARLY_TRACKING_ROUTE = '/package-details';
function withEarlyTracking(html: string): string {
  const apiBase = loadEnv('production', process.cwd(), 'VITE_').VITE_API_BASE_URL;
  if (apiBase && apiBase.replace(/\/+$/, '') !== '/api/v1') {
    console.log(`${EARLY_TRACKING_ROUTE}: no early look-up, the API is at ${apiBase}`);
    return html;
  }
  const charset = /<meta charset="[^"]*" \/>/i;
  if (!charset.test(html))
    throw new Error('The shell has no <meta charset> to put the early look-up after');
  return html.replace(charset, (meta) => `${meta}\n    <script>${earlyTrackingScript()}</script>`);
}

const withPreloads = (html: string, preloads: string[]) =>
  html.replace('</head>', `  ${preloads.join('\n    ')}\n  </head>`);

function withHead(html: string, title: string, description: string): string {
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
  return html
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', `  ${head}\n  </head>`);
}

/**
 * The first render waits for the route's lazy page to load; the second renders it at once,
 * in place, with no streaming scripts (the server's CSP allows no inline script but the early
 * look-up's, by its hash).
 */
async function renderRoute(App: ComponentType, route: string): Promise<string> {
  const app = createElement(StaticRouter, { location: route }, createElement(App));
  const { prelude } = await prerenderToNodeStream(app);
  for await (const _chunk of prelude as Readable);
  const body = renderToString(app);
  if (/<script|<template/.test(body))
    throw new Error(`${route} still suspends after its page loaded`);
  return body;
}

function outputFile(route: string): string {
  return route === '/'
    ? path.join(dist, 'index.html')
    : path.join(dist, route.slice(1), 'index.html');
}

const compressible = /\.(?:js|css|html|svg|txt|json|webmanifest)$/;

function compressAll(dir: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !compressible.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = fs.readFileSync(file);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    count += 1;
  }
  return count;
}

const vite = await createServer({
  mode: 'production',
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, watch: null },
});
try {
  const template = scriptsAfterPaint(inlineStylesheets(shellTemplate()));
  const { AppRoutes } = (await vite.ssrLoadModule('/src/ui/router.tsx')) as {
    AppRoutes: ComponentType;
  };
  const { pageText, prerenderedRoutes } = (await vite.ssrLoadModule('/src/content/pages.ts')) as {
    pageText: Record<string, PageText>;
    prerenderedRoutes: Record<string, string>;
  };
  const { documentTitle } = (await vite.ssrLoadModule('/src/ui/components/PageMeta.tsx')) as {
    documentTitle: (title: string) => string;
  };
  const manifest = JSON.parse(
    fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const pages = pageModules();
  for (const [route, key] of Object.entries(prerenderedRoutes)) {
    const text = pageText[key]!;
    const body = await renderRoute(AppRoutes, route);
    // After the first paint, as the entry's own script (scriptsAfterPaint).
    const preloads = preloadsOf(manifest, pages.get(route)!.module).map((link) =>
      link.replace(/^<link rel="(modulepreload|preload)"/, '<link rel="$1" fetchpriority="low"'),
    );
    const html = withPreloads(
      withHead(template, documentTitle(text.title), text.description),
      preloads,
    ).replace(ROOT, `<div id="root" data-prerendered="${escapeHtml(route)}">${body}</div>`);
    const file = outputFile(route);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, html);
    console.log(
      `prerendered ${route} → ${path.relative(process.cwd(), file)} (${(html.length / 1024).toFixed(1)} KiB)`,
    );
  }
  const trackLink = path.join(dist, 'track-link.html');
  fs.writeFileSync(trackLink, inlineStylesheets(fs.readFileSync(trackLink, 'utf8')));
  // The other pages a visitor opens by their address: the shell, with their page's scripts named.
  // Members' pages send a visitor to the login first: they keep the plain shell (no download for
  // a page not shown). Addresses with a parameter, and the staff's, also keep it.
  const shell = shellTemplate();
  if (!pages.has(EARLY_TRACKING_ROUTE))
    throw new Error(`src/ui/routes.tsx has no ${EARLY_TRACKING_ROUTE} for the early look-up`);
  for (const [route, { module, access }] of pages) {
    if (route in prerenderedRoutes || route.includes(':') || route === '*') continue;
    if (access !== 'public' && access !== 'booking') continue;
    const file = outputFile(route);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const html = withPreloads(shell, preloadsOf(manifest, module));
    fs.writeFileSync(file, route === EARLY_TRACKING_ROUTE ? withEarlyTracking(html) : html);
  }
  console.log(`compressed ${compressAll(dist)} files (.gz, .br)`);
} finally {
  await vite.close();
}
