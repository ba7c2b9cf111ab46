/**
 * The client's multipart calls sent with upload progress (src/api/uploadProgress.ts), against a
 * loopback server over real HTTP. jsdom gives the XMLHttpRequest it needs (Node has none), and
 * checks CORS as a browser does: the server allows jsdom's origin. The answer goes through the
 * client's own reading, so the contract's checks and the messages are those of every call.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src/api/client';
import { GENERIC_ERROR, QUOTE_ERROR } from '../../src/api/contract';
import { quoteCalls } from '../../src/api/contract/quotes';
import { profileCalls } from '../../src/api/contract/profile';
import { ApiError } from '../../src/api/errors';
import { withUploadProgress } from '../../src/api/uploadProgress';

let server: FastifyInstance;
let baseUrl: string;
/** How the server answers the next call: a status and body, a dropped connection, or never. */
let answer: { status: number; body: unknown } | 'drop' | 'never';
let seen: { authorization?: string; idempotencyKey?: string; parts: Record<string, string> };

beforeAll(async () => {
  // The silent server's calls stay open until the end.
  server = Fastify({ forceCloseConnections: true });
  await server.register(cors, { origin: window.location.origin });
  await server.register(multipart);
  server.post('/api/v1/*', async (request, reply) => {
    const parts: Record<string, string> = {};
    for await (const part of request.parts())
      parts[part.fieldname] =
        part.type === 'file'
          ? `file:${part.filename}:${part.mimetype}:${(await part.toBuffer()).length}`
          : String(part.value);
    seen = {
      authorization: request.headers.authorization,
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      parts,
    };
    if (answer === 'drop') return request.raw.socket.destroy();
    if (answer === 'never') return new Promise(() => {});
    return reply.code(answer.status).send(answer.body);
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1`;
});
afterAll(() => server.close());

const onUnauthorized = vi.fn();
beforeEach(() => onUnauthorized.mockReset());
const client = (timeoutMs = 5000) =>
  createApi(
    { baseUrl, getToken: () => 'the-token', onUnauthorized, timeoutMs },
    { ...quoteCalls, ...profileCalls },
  );

const quote = {
  moving_from_address: '12 Allen Avenue, Ikeja',
  moving_from_apartment_type: 'Duplex',
  number_of_room_moving_from: '3',
  aptFloor: 'Ground',
  moving_to_address: '4 Awolowo Road, Ikoyi',
  moving_to_apartment_type: 'Duplex',
  number_of_room_moving_to: '3',
  toAptFloor: '1st',
  Services: 'just_moving',
  email: '',
} as const;
const photo = new File([new Uint8Array(300_000)], 'living-room.jpg', { type: 'image/jpeg' });

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('a multipart call with upload progress', () => {
  it('reports the share sent, carries the fields, the photo, the token and the key, and reads the answer', async () => {
    answer = {
      status: 200,
      body: { message: 'Local service created successfully', data: { reference_number: 'RL-X' } },
    };
    const shares: number[] = [];
    const result = await client().localService(quote, {
      files: { file: photo },
      idempotencyKey: 'key-1',
      transport: withUploadProgress((percent) => shares.push(percent)),
    });
    expect(result).toEqual(answer.body);
    expect(seen).toEqual({
      authorization: 'Bearer the-token',
      idempotencyKey: 'key-1',
      parts: expect.objectContaining({
        moving_from_address: quote.moving_from_address,
        file: 'file:living-room.jpg:image/jpeg:300000',
      }),
    });
    expect(seen.parts).not.toHaveProperty('email');
    expect(shares.length).toBeGreaterThan(0);
    expect(shares).toEqual([...shares].sort((a, b) => a - b));
    expect(shares.at(-1)).toBe(100);
  });

  it('turns a refusal into the same field messages as any call', async () => {
    answer = {
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { file: ['File type must be an image: PNG, JPEG, WebP or GIF.'] },
      },
    };
    const error = await failureOf(
      client().localService(quote, {
        files: { file: photo },
        transport: withUploadProgress(() => {}),
      }),
    );
    expect(error).toMatchObject({
      status: 422,
      fields: { file: ['File type must be an image: PNG, JPEG, WebP or GIF.'] },
      messages: ['File type must be an image: PNG, JPEG, WebP or GIF.', QUOTE_ERROR],
    });
  });

  it('checks a success against the contract, and ends the session on a 401', async () => {
    answer = { status: 200, body: { message: 'User Profile updated successfully.', data: {} } };
    const unexpected = await failureOf(
      client().editProfile(
        { fullname: 'Ada Obi', phone: '08012345678' },
        { id: '7', transport: withUploadProgress(() => {}) },
      ),
    );
    expect(unexpected).toMatchObject({ status: null, messages: [GENERIC_ERROR] });
    answer = { status: 401, body: { message: 'Unauthenticated.' } };
    const ended = await failureOf(
      client().editProfile(
        { fullname: 'Ada Obi', phone: '08012345678' },
        { id: '7', transport: withUploadProgress(() => {}) },
      ),
    );
    expect(ended.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('says a dropped connection, a stop and a silent server as a call that got no answer', async () => {
    const noAnswer = { status: null, messages: [GENERIC_ERROR, QUOTE_ERROR] };
    answer = 'drop';
    const transport = withUploadProgress(() => {});
    expect(
      await failureOf(client().localService(quote, { files: { file: photo }, transport })),
    ).toMatchObject(noAnswer);

    answer = 'never';
    const stop = new AbortController();
    const stopped = client().localService(quote, { transport, signal: stop.signal });
    setTimeout(() => stop.abort(), 100);
    expect(await failureOf(stopped)).toMatchObject(noAnswer);

    const startedAt = Date.now();
    expect(await failureOf(client(300).localService(quote, { transport }))).toMatchObject(noAnswer);
    expect(Date.now() - startedAt).toBeLessThan(3000);
  });
});
