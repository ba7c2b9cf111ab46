/**
 * `npm start` and `npm run dev` land here: read the environment, build the app, listen, and say in
 * a few lines where things are. On a terminal the log is pino-pretty's readable lines; piped to a
 * file or a collector it stays one JSON object a line.
 */
import path from 'node:path';
import pinoPretty from 'pino-pretty';
import { buildApp } from './app';
import { readConfig, type ServerConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { WeakOpsTokenError } from './ops/ops-token';
import { SITE_ORIGIN_BUDGET } from './messages/templates';

/** Where texts go: Termii (and the webhook to register there), or the test gateway's inbox and folder. */
function textsLine(
  config: ServerConfig,
  origin: string,
  inbox: { path: string; folder: string } | null,
): string {
  if (!inbox)
    return `Texts: through Termii at ${config.termii.baseUrl} as "${config.termii.senderId}"; register https://<your host>/api/v1/messages/termii/report as its webhook (docs/messages.md)`;
  return `Texts: TEST MODE, no phone gets them: read them at ${origin}${inbox.path} and in ${inbox.folder} (set TERMII_API_KEY to text through Termii)`;
}

/** What a person starting the server needs first: where the site is, where mail and texts go, how to make staff. */
function startupLines(
  config: ServerConfig,
  origin: string,
  inbox: { path: string; folder: string } | null,
): string[] {
  const database = config.databaseUrl
    ? `PostgreSQL at ${new URL(config.databaseUrl).host}`
    : `embedded, in ${path.join(config.dataDir, 'db')}`;
  const mail = config.smtpUrl
    ? `sent through SMTP at ${new URL(config.smtpUrl).host}`
    : `written to ${path.join(config.dataDir, 'outbox')} as .eml files (set SMTP_URL to send it)`;
  return [
    config.webRoot
      ? `Relo Logistics is running at ${origin}`
      : `The API is running at ${origin}/api/v1 (no website: WEB_ROOT is empty)`,
    `Database: ${database}`,
    `Mail: ${mail}`,
    textsLine(config, origin, inbox),
    config.paystack.secretKey
      ? `Payments: live through Paystack at ${config.paystack.baseUrl ?? 'its API'}; register https://<your host>/api/v1/payments/paystack/webhook on Paystack (docs/operations.md, "Payments")`
      : `Payments: TEST MODE, no real money: the built-in test gateway at ${origin}/test-paystack (set PAYSTACK_SECRET_KEY for real payments)`,
    'Staff: sign up on the site, then run `npm run ops -- add-staff <email>` (docs/operations.md, "Making a staff account")',
  ];
}

// Everything the server creates is its owner's alone (docs/reliability.md, "The data folder"): the
// embedded database creates its files as it runs, 0644 under the usual umask, and no start-time
// narrowing sees files made later. Set before anything is written to DATA_DIR.
process.umask(0o077);
// A setting the server cannot run with (a production server without its Paystack key…) is said
// in one line, not a stack trace.
const config = (() => {
  try {
    return readConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
})();
if (process.stdout.isTTY && config.logger && !config.logStream) {
  config.logStream = pinoPretty({
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
  });
}
const app = await buildApp(config).catch((error: unknown) => {
  if (!(error instanceof DataDirInUseError || error instanceof WeakOpsTokenError)) throw error;
  console.error(error.message);
  process.exit(1);
});
const origin = await app.listen({ port: config.port, host: config.host });
for (const line of startupLines(config, origin, app.textsInbox)) console.log(line);
if (config.publicUrl && config.publicUrl.length > SITE_ORIGIN_BUDGET) {
  console.log(
    `PUBLIC_URL is longer than ${SITE_ORIGIN_BUDGET} characters: some texts may take two SMS segments (docs/messages.md)`,
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0));
  });
}
