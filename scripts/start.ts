/** `npm start`: build the website when it is missing or older than its sources, then serve site and API. */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function newest(dir: string): number {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      latest = Math.max(latest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

// The site's pages, and the light tracking-link page built beside them.
const built = ['dist/index.html', 'dist/track-link.html'].map((file) => path.resolve(file));
const sources = Math.max(
  newest('src'),
  newest('public'),
  ...['index.html', 'track-link.html'].map((file) => fs.statSync(file).mtimeMs),
);
if (built.some((file) => !fs.existsSync(file) || fs.statSync(file).mtimeMs < sources)) {
  console.log('Building the website…');
  // A local run may keep the company's placeholder details; a production one must set them
  // (scripts/company-check.ts).
  const env =
    process.env.NODE_ENV === 'production'
      ? process.env
      : { COMPANY_PLACEHOLDERS: 'allow', ...process.env };
  execSync('npm run build', { stdio: 'inherit', env });
}
await import('../server/main');
