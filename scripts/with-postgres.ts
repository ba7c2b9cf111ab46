/**
 * `npm run test:api:postgres`: runs the command given to it against PostgreSQL when DATABASE_URL
 * is set (CI sets it), and otherwise says the PostgreSQL run was not requested and succeeds.
 */
import { spawnSync } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: tsx scripts/with-postgres.ts <command> [arguments…]');
  process.exit(2);
}
if (!process.env.DATABASE_URL) {
  console.log(
    'PostgreSQL run not requested: DATABASE_URL is unset, so only the embedded database was tested.',
  );
  process.exit(0);
}
const { host, pathname } = new URL(process.env.DATABASE_URL);
console.log(`Running on PostgreSQL at ${host}${pathname}: ${[command, ...args].join(' ')}`);
const run = spawnSync(command, args, {
  stdio: 'inherit',
  env: process.env,
  shell: process.platform === 'win32',
});
process.exit(run.status ?? 1);
