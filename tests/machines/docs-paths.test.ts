/**
 * The documents stay true to the repository (docs/README.md, "Keeping the docs true"): every
 * repository path and every site route that README.md and docs/**\/*.md name must exist, and every
 * relative link must reach a file (and its heading, when it names one). A file renamed, a folder
 * split or a page moved without its documents fails here, naming the document and the line.
 *
 * What counts as a mention:
 * - a path from the repository's root (`src/…`, `server/…`, `tests/…`, `scripts/…`, `docs/…`,
 *   `public/…`, `.ci/…`), anywhere in the text, in code or not; it is read up to the first
 *   character a path cannot hold, so a placeholder (`src/ui/<area>/`) checks its folder;
 * - a code span that is a file name (`graph.ts`) or ends a path (`layout/barSurroundings.ts`):
 *   some file of the repository must be named so;
 * - a site route: a code span that is an address (`/track`, `/orders/RL-…`,
 *   `/package-details?reference=…`), or an address after a space or bracket in the text
 *   ("on /track"): it must match a route of `src/ui/routes.tsx` (`:reference` matches any
 *   segment), or be one the server answers itself (`/api/v1/…`, `/uploads/…`, `/readyz`…);
 * - a Markdown link or an image's `src` that is not a web address.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageRoutes } from '../../src/ui/routes';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Folders that are not the repository's own text: dependencies, builds, runtime data, reports. */
const NOT_WALKED = new Set([
  'node_modules',
  '.git',
  'dist',
  'data',
  'coverage',
  'reports',
  '.vite',
]);
/** Paths the documents name that are made by a run, not committed (.gitignore). */
const GENERATED = ['tests/.artifacts/', '.stryker-tmp/', 'dist/', 'data/', 'reports/', 'coverage/'];
/** Addresses the server answers itself, outside the site's route table (server/app.ts). */
const SERVER_ADDRESSES = [
  '/api',
  '/uploads',
  '/readyz',
  '/healthz',
  '/test-paystack',
  '/test-termii',
  // The private tracking link's page, a build of its own (docs/decisions/018-light-tracking-link-page.md).
  '/t',
];
/**
 * Addresses named on purpose although the site has no such page: the brief's broken link that
 * the product replaced (docs/product.md, "Decisions where the product departs from its brief").
 */
const NAMED_AS_ABSENT = ['/store-quote'];
/** Absolute paths of the machine, not addresses of the site. */
const MACHINE_PATHS = ['/usr/', '/etc/', '/srv/', '/tmp/', '/proc/', '/dev/'];

const ROOTED =
  /(?<![\w./@$-])((?:src|server|tests|scripts|docs|public|\.ci)\/[\w.@$-]*(?:\/[\w.@$-]+)*\/?)/g;
const ROOTED_START = /^(?:src|server|tests|scripts|docs|public|\.ci)\//;
const FILE_NAME = /^\.?[\w-][\w.-]*\.(?:ts|tsx|md|css|json|jsonc|html|js|mjs|sh)$/;
const PATH_END = /^[\w.-]+(?:\/[\w.-]+)+\.(?:ts|tsx|md|css|json|jsonc|html|js|mjs|sh)$/;
const ROUTE_IN_TEXT = /(?:^|[\s(])(\/[a-z][\w-]*(?:\/[^\s),;!?`'"]+)*)/g;
const LINK = /!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)|\b(?:src|href)="([^"]+)"/g;

function walk(folder: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    if (NOT_WALKED.has(entry.name)) continue;
    const full = path.join(folder, entry.name);
    found.push(full);
    if (entry.isDirectory()) walk(full, found);
  }
  return found;
}

const repositoryFiles = walk(ROOT).map((full) =>
  path.relative(ROOT, full).split(path.sep).join('/'),
);
const fileSet = new Set(repositoryFiles);
const documents = [
  'README.md',
  ...repositoryFiles.filter((file) => file.startsWith('docs/') && file.endsWith('.md')),
];

interface Mention {
  document: string;
  line: number;
  text: string;
}

const read = (document: string) => fs.readFileSync(path.join(ROOT, document), 'utf8');

/** Every line of a document, code spans apart from the rest of the text. */
function linesOf(content: string): Array<{ line: number; text: string; spans: string[] }> {
  return content.split('\n').map((text, index) => ({
    line: index + 1,
    text,
    spans: [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!.trim()),
  }));
}

const trimmed = (mention: string) => mention.replace(/[.,:;]+$/, '');

const existsInRepository = (relative: string) =>
  GENERATED.some((prefix) => relative.startsWith(prefix)) ||
  fileSet.has(relative.replace(/\/$/, '')) ||
  fs.existsSync(path.join(ROOT, relative));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

function anchorsOf(content: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of content.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const base = anchorOf(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

const routePatterns = pageRoutes
  .map(({ path: route }) => route)
  .filter((route) => route !== '*')
  .map((route) => route.split('/').filter(Boolean));

/** Whether an address of the documents is a route of the site or one the server answers. */
function isKnownAddress(address: string): boolean {
  const bare = address.replace(/[?#].*$/, '').replace(/\/$/, '') || '/';
  if (SERVER_ADDRESSES.some((prefix) => bare === prefix || bare.startsWith(`${prefix}/`)))
    return true;
  const segments = bare.split('/').filter(Boolean);
  return routePatterns.some((pattern) => {
    // `/staff/*` in a document: any route under /staff.
    if (segments.at(-1) === '*')
      return segments.slice(0, -1).every((segment, index) => pattern[index] === segment);
    return (
      pattern.length === segments.length &&
      pattern.every((part, index) => part.startsWith(':') || part === segments[index])
    );
  });
}

function missingPaths(document: string, content: string): Mention[] {
  const missing: Mention[] = [];
  for (const { line, text, spans } of linesOf(content)) {
    for (const match of text.matchAll(ROOTED)) {
      const mentioned = trimmed(match[1]!);
      if (!existsInRepository(mentioned)) missing.push({ document, line, text: mentioned });
    }
    for (const span of spans) {
      const byName =
        FILE_NAME.test(span) &&
        !repositoryFiles.some((file) => file === span || file.endsWith(`/${span}`));
      const byEnd =
        PATH_END.test(span) &&
        !ROOTED_START.test(span) &&
        !GENERATED.some((prefix) => span.startsWith(prefix)) &&
        !repositoryFiles.some((file) => file.endsWith(`/${span}`));
      if (byName || byEnd) missing.push({ document, line, text: span });
    }
  }
  return missing;
}

function unknownRoutes(document: string, content: string): Mention[] {
  const unknown: Mention[] = [];
  let fenced = false;
  for (const { line, text, spans } of linesOf(content)) {
    if (text.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    const outsideSpans = text.replace(/`[^`]*`/g, ' ').replace(/\]\([^)]*\)/g, '] ');
    const addresses = [
      ...spans.filter((span) => /^\/(?:[\w:.<>*…-]|$)/.test(span) && !/\s/.test(span)),
      ...[...outsideSpans.matchAll(ROUTE_IN_TEXT)].map((match) => trimmed(match[1]!)),
    ];
    for (const address of addresses)
      if (
        !MACHINE_PATHS.some((prefix) => `${address}/`.startsWith(prefix)) &&
        !NAMED_AS_ABSENT.includes(address) &&
        !isKnownAddress(address)
      )
        unknown.push({ document, line, text: address });
  }
  return unknown;
}

function brokenLinks(document: string, content: string): Mention[] {
  const broken: Mention[] = [];
  for (const { line, text } of linesOf(content))
    for (const match of text.matchAll(LINK)) {
      const target = (match[1] ?? match[2])!;
      if (/^[a-z]+:/i.test(target)) continue;
      const [file, anchor] = target.split('#') as [string, string | undefined];
      const resolved = file
        ? path.posix.normalize(path.posix.join(path.posix.dirname(document), decodeURI(file)))
        : document;
      if (file && !fs.existsSync(path.join(ROOT, resolved))) {
        broken.push({ document, line, text: target });
        continue;
      }
      const headings = file ? (resolved.endsWith('.md') ? read(resolved) : null) : content;
      if (anchor && headings !== null && !anchorsOf(headings).has(anchor))
        broken.push({ document, line, text: target });
    }
  return broken;
}

const listed = (mentions: Mention[]) =>
  mentions.map(({ document, line, text }) => `${document}:${line} ${text}`);

/** Every check on every document. */
const everyDocument = (check: (document: string, content: string) => Mention[]) =>
  listed(documents.flatMap((document) => check(document, read(document))));

describe('the documents', () => {
  it('are found: the README and every page under docs/', () => {
    expect(documents).toContain('README.md');
    expect(documents.filter((document) => document.startsWith('docs/')).length).toBeGreaterThan(5);
  });

  it('name only repository paths that exist', () => {
    expect(everyDocument(missingPaths)).toEqual([]);
  });

  it('name only site routes that src/ui/routes.tsx declares, or addresses the server answers', () => {
    expect(everyDocument(unknownRoutes)).toEqual([]);
  });

  it('link only to files and headings that exist', () => {
    expect(everyDocument(brokenLinks)).toEqual([]);
  });

  it('would see a path, a file name, a route and a link that do not exist', () => {
    // The checks themselves, on a page made up for the purpose: each wrong mention is reported,
    // each right one is not.
    const made = [
      '# A page',
      'The contract is `src/api/contract.ts`, see server/orders/no-such-file.ts and `src/api/contract/`.',
      'Tests walk the graph in `graph.ts`, not in `no-such-graph.ts` nor `layout/NoSuchBar.tsx`.',
      'Track on /track or /trak; pay on `/orders/RL-ABCD234567/receipts/RCT-2026-000001`; `/staff/nowhere`.',
      'Read [the product](./product.md), [its staff](./product.md#staff), [nothing](./no-such.md),',
      '[no heading](./product.md#no-such-heading) and [this page](#a-page) but not [that](#no-such).',
    ].join('\n');
    const document = 'docs/made-up.md';
    expect(listed(missingPaths(document, made))).toEqual([
      'docs/made-up.md:2 src/api/contract.ts',
      'docs/made-up.md:2 server/orders/no-such-file.ts',
      'docs/made-up.md:3 no-such-graph.ts',
      'docs/made-up.md:3 layout/NoSuchBar.tsx',
    ]);
    expect(listed(unknownRoutes(document, made))).toEqual([
      'docs/made-up.md:4 /staff/nowhere',
      'docs/made-up.md:4 /trak',
    ]);
    expect(listed(brokenLinks(document, made))).toEqual([
      'docs/made-up.md:5 ./no-such.md',
      'docs/made-up.md:6 ./product.md#no-such-heading',
      'docs/made-up.md:6 #no-such',
    ]);
    expect(anchorOf('Durability: mail, timeouts and the data folder')).toBe(
      'durability-mail-timeouts-and-the-data-folder',
    );
  });
});
