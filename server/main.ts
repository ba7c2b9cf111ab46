/** `npm start` and `npm run dev` land here: read the environment, build the app, listen. */
import { buildApp } from './app';
import { readConfig } from './config';

const config = readConfig();
const app = await buildApp(config);
await app.listen({ port: config.port, host: config.host });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0));
  });
}
