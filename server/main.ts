/** `npm start` and `npm run dev` land here: read the environment, build the app, listen. */
import { buildApp } from './app';
import { readConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { WeakOpsTokenError } from './ops/ops-token';

const config = readConfig();
const app = await buildApp(config).catch((error: unknown) => {
  if (!(error instanceof DataDirInUseError || error instanceof WeakOpsTokenError)) throw error;
  console.error(error.message);
  process.exit(1);
});
await app.listen({ port: config.port, host: config.host });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0));
  });
}
