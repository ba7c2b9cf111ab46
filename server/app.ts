/** Builds the Fastify application: the /api/v1 routes and, when built, the website. */
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from './config';

export async function buildApp(config: ServerConfig): Promise<FastifyInstance> {
  const app = Fastify({ logger: config.logger });

  app.get('/api/v1/healthz', async () => ({ status: 'ok' as const }));

  if (config.webRoot && fs.existsSync(path.join(config.webRoot, 'index.html'))) {
    await app.register(fastifyStatic, { root: config.webRoot, wildcard: false });
    const shell = fs.readFileSync(path.join(config.webRoot, 'index.html'), 'utf8');
    // Client-side routes: any other GET that is not the API gets the app shell.
    app.setNotFoundHandler((request, reply) => {
      if (request.method === 'GET' && !request.url.startsWith('/api/')) {
        return reply.type('text/html').send(shell);
      }
      return reply.code(404).send({ message: 'Not found' });
    });
  }
  return app;
}
