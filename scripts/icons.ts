/**
 * `npm run icons`: the home-screen icons of the web manifest (scripts/service-worker.ts), drawn
 * from the site's own logo (public/favicon.svg) and committed under public/icons/:
 * - icon-192.png and icon-512.png, the logo as it is (its rounded square);
 * - icon-maskable-512.png, for phones that cut icons to their own shape (a circle, a squircle):
 *   the brand colour to every edge and the truck drawn at 80 %, inside the safe zone (the middle
 *   circle of 80 %).
 * Run it again after changing the logo.
 */
import fs from 'node:fs';
import sharp from 'sharp';

const logo = fs.readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8');
const out = new URL('../public/icons/', import.meta.url);
fs.mkdirSync(out, { recursive: true });

/** The logo's background square and the truck drawn on it (its <rect> and the rest). */
const background = /<rect[^>]*fill="(#[0-9a-f]+)"[^>]*\/>/i.exec(logo);
if (!background)
  throw new Error('public/favicon.svg has no background <rect> to fill the edges with');
const truck = logo.replace(background[0], '').replace(/^<svg[^>]*>|<\/svg>\s*$/g, '');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background[1]}"/><g transform="translate(3.2 3.2) scale(0.8)">${truck}</g></svg>`;

const render = (svg: string, size: number, name: string) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(new URL(name, out).pathname);

await render(logo, 192, 'icon-192.png');
await render(logo, 512, 'icon-512.png');
await render(maskable, 512, 'icon-maskable-512.png');
console.log('wrote public/icons/icon-192.png, icon-512.png, icon-maskable-512.png');
