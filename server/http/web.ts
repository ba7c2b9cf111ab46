/**
 * The built website: files from the web root, hashed /assets/ cached for a year, and for any
 * other GET outside the API a prerendered page (dist/<route>/index.html) when the build made
 * one, else the single-page app's shell (shell.html, kept by the prerender script because
 * index.html is then the prerendered home page). The private tracking link, `/t/<token>`, is its
 * own light page (track-link.html, a build entry of its own: docs/messages.md). Files the build compressed (.br, .gz beside
 * the original) are sent compressed to browsers that accept it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

const LONG_CACHE = 'public, max-age=31536000, immutable';
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-xss-protection',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
];
/** The private tracking link's page, built on its own (src: track-link.html). */
export const TRACK_LINK_PAGE = 'track-link.html';
const isTrackLink = (url: string) => /^\/t\/[^/?#]+\/?(?:[?#]|$)/.test(url);
const isApi = (url: string) => url.startsWith('/api/') || url.startsWith('/uploads/');

function apiNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ message: 'Not found' });
}

/** The prerendered page of a route, relative to the web root, if the build wrote one. */
function prerenderedPage(root: string, url: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url, 'http://site').pathname);
  } catch {
    return null;
  }
  const relative = path.join(pathname, 'index.html').replace(/^[/\\]+/, '');
  const file = path.resolve(root, relative);
  return file.startsWith(root + path.sep) && fs.existsSync(file) ? relative : null;
}

export async function registerWebsite(app: FastifyInstance, webRoot: string | null): Promise<void> {
  if (!webRoot || !fs.existsSync(path.join(webRoot, 'index.html'))) {
    app.setNotFoundHandler(apiNotFound);
    return;
  }
  const root = path.resolve(webRoot);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (reply, file) => {
      if (file === path.join(root, TRACK_LINK_PAGE)) {
        // Its address holds the token that opens an order: no shared cache keeps it, no link out sends it along.
        reply.header('cache-control', 'no-store');
        reply.header('referrer-policy', 'no-referrer');
        return;
      }
      if (!file.startsWith(path.join(root, 'assets') + path.sep)) {
        reply.header('cache-control', 'no-cache');
        return;
      }
      reply.header('cache-control', LONG_CACHE);
      // A script, style, font or picture is not a document: these headers govern documents (and
      // workers, which the site starts from its pages or from sw.js at the root), and on a slow
      // phone network their kilobyte on each of a page's twenty files costs a visible fraction of
      // a second (docs/measurements.md, "On a slow network"). nosniff, the resource policy and
      // HSTS stay.
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    },
  });
  const shell = fs.existsSync(path.join(root, 'shell.html')) ? 'shell.html' : 'index.html';
  const trackLinkPage = fs.existsSync(path.join(root, TRACK_LINK_PAGE)) ? TRACK_LINK_PAGE : shell;
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' || isApi(request.url)) return apiNotFound(request, reply);
    if (isTrackLink(request.url)) return reply.sendFile(trackLinkPage);
    return reply.sendFile(prerenderedPage(root, request.url) ?? shell);
  });
}
