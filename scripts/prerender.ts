/**
 * Second half of `npm run build`: renders every public marketing route (src/content/pages.ts)
 * to HTML, so its content shows before any JavaScript runs, and writes DIST_DIR/<route>/index.html
 * (DIST_DIR/index.html for /) with the page's title, description and link-preview tags. The
 * untouched app shell is kept as shell.html, which the server sends for every other route. The
 * light tracking-link page (track-link.html, its own build) gets its stylesheet inline. Last,
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
import { createServer } from 'vite';
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
 * request (the server's CSP allows inline styles, not inline scripts). They are small: global,
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
 * in place, with no streaming scripts (the server's CSP allows no inline script).
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
  for (const [route, key] of Object.entries(prerenderedRoutes)) {
    const text = pageText[key]!;
    const body = await renderRoute(AppRoutes, route);
    const html = withHead(template, documentTitle(text.title), text.description).replace(
      ROOT,
      `<div id="root" data-prerendered="${escapeHtml(route)}">${body}</div>`,
    );
    const file = outputFile(route);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, html);
    console.log(
      `prerendered ${route} → ${path.relative(process.cwd(), file)} (${(html.length / 1024).toFixed(1)} KiB)`,
    );
  }
  const trackLink = path.join(dist, 'track-link.html');
  fs.writeFileSync(trackLink, inlineStylesheets(fs.readFileSync(trackLink, 'utf8')));
  console.log(`compressed ${compressAll(dist)} files (.gz, .br)`);
} finally {
  await vite.close();
}
