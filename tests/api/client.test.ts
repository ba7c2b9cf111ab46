/**
 * The website's client against a loopback server that answers whatever each case needs, over
 * real HTTP: every rule of docs/product.md, the bearer rule of section 6, multipart bodies.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src/api/client';
import { calls, GENERIC_ERROR, QUOTE_ERROR } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';

interface Seen {
  authorization?: string;
  idempotencyKey?: string;
  body?: unknown;
  parts?: Record<string, string>;
}

let server: FastifyInstance;
let baseUrl: string;
let answer: { status: number; body?: unknown; raw?: string };
let seen: Seen;
let token: string | null = 'the-token';
const onUnauthorized = vi.fn();

beforeAll(async () => {
  server = Fastify();
  await server.register(multipart);
  server.all('/api/v1/*', async (request, reply) => {
    seen = {
      authorization: request.headers.authorization,
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
    };
    if (request.isMultipart()) {
      const parts: Record<string, string> = {};
      for await (const part of request.parts()) {
        parts[part.fieldname] =
          part.type === 'file'
            ? `file:${part.filename}:${(await part.toBuffer()).length}`
            : String(part.value);
      }
      seen.parts = parts;
    } else {
      seen.body = request.body;
    }
    reply.code(answer.status);
    if (answer.raw !== undefined) return reply.type('text/plain').send(answer.raw);
    return answer.body === undefined ? reply.send() : reply.send(answer.body);
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1`;
});

afterAll(() => server.close());

beforeEach(() => {
  token = 'the-token';
  onUnauthorized.mockReset();
});

const api = () =>
  createApi({ baseUrl, getToken: () => token, onUnauthorized, timeoutMs: 5000 }, calls);

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const registration = {
  fullname: 'Ada Obi',
  email: 'ada@example.com',
  phone: '08012345678',
  password: 'correct horse',
  password_confirmation: 'correct horse',
};

const booking = {
  pickup_address: '1 Marina, Lagos',
  dilivery_address: '2 Allen Avenue, Ikeja',
  sender_fullname: 'Ada Obi',
  receiver_fullname: 'Bola Ade',
  sender_number: '08012345678',
  receiver_number: '08087654321',
  description: 'A box of books',
};

describe('validation-style errors (docs/product.md)', () => {
  it('shows each message of a field object at the root as its own toast and keeps them by field', async () => {
    answer = {
      status: 422,
      body: { email: ['The email has already been taken.'], phone: ['The phone is invalid.'] },
    };
    const error = await failureOf(api().register(registration));
    expect(error.messages).toEqual(['The email has already been taken.', 'The phone is invalid.']);
    expect(error.fields).toEqual({
      email: ['The email has already been taken.'],
      phone: ['The phone is invalid.'],
    });
    expect(error.status).toBe(422);
  });

  it('reads field messages under `errors` before the summary message', async () => {
    answer = {
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { age: ['You must be at least 18 to apply.'] },
      },
    };
    const error = await failureOf(
      api().moverRegistration({
        full_name: 'A',
        age: 12,
        mobile_number: '08012345678',
        location: 'Lagos',
      }),
    );
    expect(error.messages).toEqual(['You must be at least 18 to apply.']);
    expect(error.fields).toEqual({ age: ['You must be at least 18 to apply.'] });
  });

  it('reads booking errors under `data`', async () => {
    answer = {
      status: 422,
      body: { message: 'Invalid', data: { receiver_number: ['Enter a Nigerian phone number.'] } },
    };
    const error = await failureOf(api().instantDelivery(booking));
    expect(error.messages).toEqual(['Enter a Nigerian phone number.']);
    expect(error.fields).toEqual({ receiver_number: ['Enter a Nigerian phone number.'] });
  });

  it('says the generic message for a booking failure with neither field messages under data nor a message', async () => {
    answer = {
      status: 422,
      body: { pickup_address: ['ignored: bookings carry their fields under data'] },
    };
    const error = await failureOf(api().instantDelivery(booking));
    expect(error.messages).toEqual([GENERIC_ERROR]);
  });
});

describe('message-style errors', () => {
  it('shows the server message of a failed login', async () => {
    answer = { status: 400, body: { message: 'Invalid email or password.' } };
    const error = await failureOf(api().login({ email: 'ada@example.com', password: 'wrong' }));
    expect(error.messages).toEqual(['Invalid email or password.']);
  });

  it.each([
    ['forget-password', () => api().forgetPassword({ email: 'ada@example.com' })],
    ['verify-otp', () => api().verifyOtp({ otp: '123456', email: 'ada@example.com' })],
    ['resendOtp', () => api().resendOtp({ email: 'ada@example.com' })],
  ])('shows the server message of a failed %s', async (_name, call) => {
    answer = { status: 429, body: { message: 'Too many attempts. Try again in a minute.' } };
    const error = await failureOf(call());
    expect(error.messages).toEqual(['Too many attempts. Try again in a minute.']);
  });
});

describe('failures without a readable answer', () => {
  it('says the generic message for an empty body', async () => {
    answer = { status: 500 };
    expect((await failureOf(api().login({ email: 'a@b.co', password: 'x' }))).messages).toEqual([
      GENERIC_ERROR,
    ]);
  });

  it('says the generic message for a body that is not JSON', async () => {
    answer = { status: 502, raw: '<html>Bad gateway</html>' };
    expect((await failureOf(api().login({ email: 'a@b.co', password: 'x' }))).messages).toEqual([
      GENERIC_ERROR,
    ]);
  });

  it('says the generic message when the server cannot be reached', async () => {
    const offline = createApi(
      {
        baseUrl: 'http://127.0.0.1:9/api/v1',
        getToken: () => null,
        timeoutMs: 2000,
      },
      calls,
    );
    expect((await failureOf(offline.login({ email: 'a@b.co', password: 'x' }))).messages).toEqual([
      GENERIC_ERROR,
    ]);
  });

  it('says the generic message when a success does not have the contract shape', async () => {
    answer = { status: 200, body: { message: 'User successfully logged in', token: 42 } };
    expect((await failureOf(api().login({ email: 'a@b.co', password: 'x' }))).messages).toEqual([
      GENERIC_ERROR,
    ]);
  });
});

describe('a success with an unexpected message', () => {
  it('says the application fallback', async () => {
    answer = { status: 200, body: { message: 'Something else' } };
    const error = await failureOf(
      api().packerRegistration({
        full_name: 'A',
        age: 30,
        mobile_number: '08012345678',
        location: 'Lagos',
      }),
    );
    expect(error.messages).toEqual(['Application failed. Please try again.']);
  });

  it('says the registration fallback', async () => {
    answer = { status: 201, body: { message: 'Something else' } };
    expect((await failureOf(api().register(registration))).messages).toEqual([
      'Registration failed. Please try again.',
    ]);
  });

  it("shows the server's own message for other calls", async () => {
    answer = { status: 200, body: { message: 'Password not changed' } };
    const error = await failureOf(
      api().changePassword({
        old_password: 'a',
        new_password: 'b',
        new_password_confirmation: 'b',
      }),
    );
    expect(error.messages).toEqual(['Password not changed']);
  });

  it('reads success from `succes` when deleting the account', async () => {
    answer = { status: 200, body: { succes: 'User data deleted successfully.' } };
    await expect(api().deleteUser({ password: 'pw', Reason: 'Moving abroad' })).resolves.toEqual({
      succes: 'User data deleted successfully.',
    });
    answer = { status: 200, body: { message: 'Your password is incorrect.' } };
    expect((await failureOf(api().deleteUser({ password: 'pw', Reason: 'x' }))).messages).toEqual([
      'Your password is incorrect.',
    ]);
  });
});

describe('quote failures', () => {
  const quote = {
    moving_from_address: 'a',
    moving_from_apartment_type: 'Studio',
    number_of_room_moving_from: '1',
    aptFloor: 'Ground',
    moving_to_address: 'b',
    moving_to_apartment_type: 'Duplex',
    number_of_room_moving_to: '2',
    toAptFloor: '1st',
    Services: 'just_moving',
  } as const;

  it('add the quote message after the server messages', async () => {
    answer = {
      status: 422,
      body: { message: 'x', errors: { aptFloor: ['Select apartment floor.'] } },
    };
    expect((await failureOf(api().stateService(quote))).messages).toEqual([
      'Select apartment floor.',
      QUOTE_ERROR,
    ]);
  });

  it('add the quote message to the generic one when the server cannot be reached', async () => {
    const offline = createApi(
      {
        baseUrl: 'http://127.0.0.1:9/api/v1',
        getToken: () => 't',
        timeoutMs: 2000,
      },
      calls,
    );
    expect((await failureOf(offline.localService(quote))).messages).toEqual([
      GENERIC_ERROR,
      QUOTE_ERROR,
    ]);
  });
});

describe('the token (docs/product.md)', () => {
  it('is sent on member calls', async () => {
    answer = { status: 200, body: { message: 'Password changed successfully' } };
    await api().changePassword({
      old_password: 'a',
      new_password: 'b',
      new_password_confirmation: 'b',
    });
    expect(seen.authorization).toBe('Bearer the-token');
  });

  it('is never sent on login, registration, reset, verification or applications', async () => {
    answer = { status: 200, body: { message: 'OTP code sent to your email' } };
    await api().forgetPassword({ email: 'ada@example.com' });
    expect(seen.authorization).toBeUndefined();
    answer = { status: 200, body: { message: 'User created successfully' } };
    await api().register(registration);
    expect(seen.authorization).toBeUndefined();
  });

  it('goes with a tracking lookup when there is one, and the lookup works without', async () => {
    const found = {
      message: 'Package found',
      data: {
        reference_number: 'RL-ABCDEFGH23',
        service_type: 'scheduled_delivery',
        status: 'Shipped',
        ProgressBar: 66,
        'date created': '2026-11-20T10:00:00.000Z',
        'date updated': '2026-11-20T12:00:00.000Z',
        history: [
          { status: 'ToInspect', date: '2026-11-20T10:00:00.000Z' },
          { status: 'Shipped', date: '2026-11-20T12:00:00.000Z' },
        ],
      },
    };
    answer = { status: 200, body: found };
    await expect(api().trackingStatus({ reference_id: 'RL-ABCDEFGH23' })).resolves.toEqual(found);
    expect(seen.authorization).toBe('Bearer the-token');
    expect(seen.parts).toEqual({ reference_id: 'RL-ABCDEFGH23' });
    token = null;
    await api().trackingStatus({ reference_id: 'RL-ABCDEFGH23' });
    expect(seen.authorization).toBeUndefined();
  });

  it('ends the session when a member call answers 401, and only then', async () => {
    answer = { status: 401, body: { message: 'Unauthenticated.' } };
    expect((await failureOf(api().orders(undefined))).messages).toEqual(['Unauthenticated.']);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await failureOf(api().login({ email: 'a@b.co', password: 'x' }));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('retry-safe submits', () => {
  it('send the Idempotency-Key they are given, on JSON and multipart calls, and none otherwise', async () => {
    answer = {
      status: 200,
      body: {
        message: 'Delivery created successfully',
        data: { reference_number: 'RL-ABCDEFGH23' },
      },
    };
    const booking = {
      pickup_address: 'a',
      dilivery_address: 'b',
      sender_fullname: 'c',
      receiver_fullname: 'd',
      sender_number: 'e',
      receiver_number: 'f',
      description: 'g',
    };
    await api().instantDelivery(booking, { idempotencyKey: 'key-1' });
    expect(seen.idempotencyKey).toBe('key-1');
    await api().instantDelivery(booking);
    expect(seen.idempotencyKey).toBeUndefined();
    answer = {
      status: 200,
      body: { message: 'Office service created successfully', data: { reference_number: 'RL-X' } },
    };
    await api().officeService(
      {
        moving_from_address: 'a',
        moving_from_apartment_type: 'Duplex',
        number_of_room_moving_from: '1',
        aptFloor: 'Ground',
        moving_to_address: 'b',
        moving_to_apartment_type: 'Duplex',
        number_of_room_moving_to: '2',
        toAptFloor: '1st',
        Services: 'just_moving',
      },
      { idempotencyKey: 'key-2' },
    );
    expect(seen.idempotencyKey).toBe('key-2');
  });
});

describe('multipart bodies', () => {
  it('leave out empty optional fields, carry the file, and fill the id in the path', async () => {
    answer = {
      status: 200,
      body: {
        message: 'User Profile updated successfully.',
        data: {
          id: '0b9d2c5e-8f4a-4e51-9c1e-3f2a7d6b8e10',
          fullname: 'Ada Obi',
          email: 'ada@example.com',
          phone: '08012345678',
          profile_image: '/uploads/x.png',
        },
      },
    };
    const image = new Blob([new Uint8Array(10)], { type: 'image/png' });
    await api().editProfile(
      { fullname: 'Ada Obi', phone: '08012345678' },
      {
        id: '0b9d2c5e-8f4a-4e51-9c1e-3f2a7d6b8e10',
        files: { profile_image: new File([image], 'me.png') },
      },
    );
    expect(seen.parts).toEqual({
      fullname: 'Ada Obi',
      phone: '08012345678',
      profile_image: 'file:me.png:10',
    });
  });

  it('send the email of a five-step quote only when it was filled', async () => {
    answer = {
      status: 200,
      body: { message: 'Office service created successfully', data: { reference_number: 'RL-X' } },
    };
    await api().officeService({
      moving_from_address: 'a',
      moving_from_apartment_type: 'Duplex',
      number_of_room_moving_from: '1',
      aptFloor: 'Ground',
      moving_to_address: 'b',
      moving_to_apartment_type: 'Duplex',
      number_of_room_moving_to: '2',
      toAptFloor: '1st',
      Services: 'just_moving',
      email: '',
    } as const);
    expect(seen.parts).not.toHaveProperty('email');
    expect(seen.parts).toMatchObject({ Services: 'just_moving', aptFloor: 'Ground' });
  });
});
