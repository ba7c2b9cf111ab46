/** GET /api/v1/openapi.json: an OpenAPI 3.1 document generated from the contract's `calls` table. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { calls, errorResponse } from '../../src/api/contract';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });

const errorContent = { 'application/json': { schema: jsonSchema(errorResponse, 'output') } };

function operations() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, call] of Object.entries(calls)) {
    const url = `/${call.path}`;
    const method = call.method.toLowerCase();
    const existing = paths[url]?.[method] as { requestBody?: { content: Record<string, unknown> } } | undefined;
    const content = call.request ? { [call.body === 'multipart' ? 'multipart/form-data' : 'application/json']: { schema: jsonSchema(call.request, 'input') } } : null;
    // users/state-service takes JSON and multipart: one operation, two request media types.
    if (existing?.requestBody && content) {
      Object.assign(existing.requestBody.content, content);
      continue;
    }
    (paths[url] ??= {})[method] = {
      operationId: name,
      ...(call.auth === 'bearer' || call.auth === 'staff' ? { security: [{ [call.auth]: [] }] } : {}),
      ...(content ? { requestBody: { required: true, content } } : {}),
      ...(call.path.includes('{id}') ? { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] } : {}),
      responses: {
        200: {
          description: call.success ? `Success: "${call.success}"` : 'Success',
          content: { 'application/json': { schema: jsonSchema(call.response, 'output') } },
        },
        '4XX': { description: 'message, with field messages under errors (and data for bookings)', content: errorContent },
      },
    };
  }
  return paths;
}

export function openApiDocument() {
  return {
    openapi: '3.1.0',
    info: { title: 'Relo Logistics API', version: '1.0.0' },
    servers: [{ url: '/api/v1' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The token answered by login' },
        staff: { type: 'http', scheme: 'bearer', description: 'The ops token (OPS_TOKEN or DATA_DIR/ops-token)' },
      },
    },
    paths: operations(),
  };
}

export async function openApiRoutes(app: FastifyInstance) {
  const document = JSON.stringify(openApiDocument());
  app.get('/openapi.json', async (_request, reply) => reply.type('application/json').send(document));
}
