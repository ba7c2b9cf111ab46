/** GET /api/v1/openapi.json: an OpenAPI 3.1 document generated from the contract's `calls` table. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { calls, errorResponse } from '../../src/api/contract';

const jsonSchema = (schema: z.core.$ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });

const errorContent = { 'application/json': { schema: jsonSchema(errorResponse, 'output') } };

const securitySchemes = {
  bearer: { type: 'http', scheme: 'bearer', description: 'The token answered by login' },
  staff: {
    type: 'http',
    scheme: 'bearer',
    description: "The token of a staff member's login, or the ops token",
  },
  ops: {
    type: 'http',
    scheme: 'bearer',
    description: 'The ops token (OPS_TOKEN or DATA_DIR/ops-token)',
  },
};

/** One query parameter per field of the call's query schema. */
function queryParameters(query: z.core.$ZodType) {
  const schema = jsonSchema(query, 'input') as { properties?: Record<string, unknown> };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: false,
    schema: property,
  }));
}

function operations() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, call] of Object.entries(calls)) {
    const url = `/${call.path}`;
    const method = call.method.toLowerCase();
    const existing = paths[url]?.[method] as
      { requestBody?: { content: Record<string, unknown> } } | undefined;
    const parameters = [
      ...['id', 'key', 'token']
        .filter((name) => call.path.includes(`{${name}}`))
        .map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      ...('query' in call ? queryParameters(call.query) : []),
    ];
    const content = call.request
      ? {
          [call.body === 'multipart' ? 'multipart/form-data' : 'application/json']: {
            schema: jsonSchema(call.request, 'input'),
          },
        }
      : null;
    // users/state-service takes JSON and multipart: one operation, two request media types.
    if (existing?.requestBody && content) {
      Object.assign(existing.requestBody.content, content);
      continue;
    }
    (paths[url] ??= {})[method] = {
      operationId: name,
      ...(call.auth in securitySchemes ? { security: [{ [call.auth]: [] }] } : {}),
      ...(content ? { requestBody: { required: true, content } } : {}),
      ...(parameters.length ? { parameters } : {}),
      responses: {
        200: {
          description: call.success ? `Success: "${call.success}"` : 'Success',
          content: {
            'application/json': { schema: jsonSchema(call.response, 'output') },
            ...('csv' in call ? { 'text/csv': { schema: { type: 'string' } } } : {}),
          },
        },
        ...('conflict' in call
          ? {
              409: {
                description: 'Refused as things stand now, which the answer carries beside message',
                content: { 'application/json': { schema: jsonSchema(call.conflict, 'output') } },
              },
            }
          : {}),
        '4XX': {
          description: 'message, with field messages under errors (and data for bookings)',
          content: errorContent,
        },
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
    components: { securitySchemes },
    paths: operations(),
  };
}

export async function openApiRoutes(app: FastifyInstance) {
  const document = JSON.stringify(openApiDocument());
  app.get('/openapi.json', async (_request, reply) =>
    reply.type('application/json').send(document),
  );
}
