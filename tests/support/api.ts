/** Plain HTTP against the running test server, and the few steps most API tests start with. */
import { execFile } from 'node:child_process';
import http from 'node:http';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { todayInLagos } from '../../src/api/contract';
import { codeFrom, lastMailTo } from './mail';
import type { TestServer } from './server';

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

type Payload = Record<string, unknown> | FormData | string | undefined;

/** Any server the tests reach over HTTP: one in this process, or a child process (the fault suite). */
type Reachable = Pick<TestServer, 'apiUrl'>;

export async function call(
  server: Reachable,
  method: string,
  path: string,
  payload?: Payload,
  token?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const init: RequestInit = { method, headers: { ...headers } };
  const sent = init.headers as Record<string, string>;
  if (token) sent.authorization = `Bearer ${token}`;
  if (payload instanceof FormData || typeof payload === 'string') init.body = payload;
  else if (payload !== undefined) {
    sent['content-type'] = 'application/json';
    init.body = JSON.stringify(payload);
  }
  const response = await fetch(`${server.apiUrl}/${path}`, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the test sees the text.
  }
  return { status: response.status, headers: response.headers, body };
}

/** A JSON POST sent from `localAddress`, as a client at that address would. */
export function postFrom(
  target: Reachable,
  localAddress: string,
  path: string,
  payload: Record<string, unknown>,
  token?: string,
): Promise<Answer> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${target.apiUrl}/${path}`,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers))
            if (typeof value === 'string') headers.set(name, value);
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            headers,
            body: text ? JSON.parse(text) : null,
          });
        });
      },
    );
    request.setTimeout(10_000, () =>
      request.destroy(new Error(`no answer to ${path} within 10 s`)),
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** 127.0.0.2, 127.0.0.3, …: `count` different client addresses. */
export const addresses = (count: number) =>
  Array.from({ length: count }, (_, index) => `127.0.0.${index + 2}`);

export const post = (server: Reachable, path: string, payload?: Payload, token?: string) =>
  call(server, 'POST', path, payload, token);
export const get = (server: Reachable, path: string, token?: string) =>
  call(server, 'GET', path, undefined, token);

/** GET /readyz (outside /api/v1); with the ops token it names each dependency's state. */
export async function readiness(
  server: Pick<TestServer, 'origin'>,
  opsToken?: string,
): Promise<{ status: number; body: any }> {
  const answer = await fetch(
    `${server.origin}/readyz`,
    opsToken ? { headers: { authorization: `Bearer ${opsToken}` } } : {},
  );
  return { status: answer.status, body: await answer.json() };
}

/** `npm run ops -- …` against the test server, with the staff token it keeps in its DATA_DIR; answers what it prints. */
export async function ops(server: TestServer, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    'node',
    ['--import', 'tsx', 'server/ops/ops.ts', ...args],
    {
      env: { ...process.env, DATA_DIR: server.dataDir, SERVER_URL: server.origin, OPS_TOKEN: '' },
    },
  );
  return stdout;
}

export function form(fields: Record<string, string>, files: Record<string, Blob> = {}): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  for (const [key, file] of Object.entries(files)) data.append(key, file, `${key}.png`);
  return data;
}

/** YYYY-MM-DD, `days` after today in Lagos. */
export function inDays(days: number): string {
  const [year, month, day] = todayInLagos().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

let counter = 0;
export const uniqueEmail = (label = 'user') => `${label}.${Date.now()}.${counter++}@example.com`;

export const PASSWORD = 'Kola-nut harmattan 42';

export interface Customer {
  /** The public id the API answers (a uuid). */
  id: string;
  /** The database's own id, for tests that look behind the API. */
  userId: number;
  email: string;
  password: string;
  token: string;
}

export async function register(server: Reachable, email = uniqueEmail(), password = PASSWORD) {
  return post(server, 'register', {
    fullname: 'Ada Obi',
    email,
    phone: '08031234567',
    password,
    password_confirmation: password,
  });
}

/** Signs up, verifies the email with the code from the mail, and logs in. */
export async function signUp(server: TestServer, email = uniqueEmail()): Promise<Customer> {
  const registered = await register(server, email);
  if (registered.status !== 200) throw new Error(`register: ${JSON.stringify(registered.body)}`);
  const code = codeFrom((await lastMailTo(server, email))!.text);
  const verified = await post(server, 'verify-email', { verification_token: code, email });
  if (verified.status !== 200) throw new Error(`verify-email: ${JSON.stringify(verified.body)}`);
  const login = await post(server, 'login', { email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login: ${JSON.stringify(login.body)}`);
  const { id: userId } = await server.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { id: login.body.data.id, userId, email, password: PASSWORD, token: login.body.token };
}

/** The smallest valid PNG: 1×1 transparent. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const pngBlob = () => new Blob([PNG], { type: 'image/png' });

/**
 * Whether `stored` shows the picture of `original`: the same format and size, pixels alike (the
 * server encodes uploads again without their metadata; a JPEG or WebP may shift a shade). Both are
 * laid on white, so what hides under a transparent pixel does not count.
 */
export async function isSamePicture(stored: Buffer, original: Buffer): Promise<boolean> {
  const [a, b] = await Promise.all(
    [stored, original].map((image) =>
      sharp(image).flatten({ background: '#ffffff' }).raw().toBuffer({ resolveWithObject: true }),
    ),
  );
  const [storedType, originalType] = await Promise.all([
    sharp(stored).metadata(),
    sharp(original).metadata(),
  ]);
  if (
    storedType.format !== originalType.format ||
    a!.info.width !== b!.info.width ||
    a!.info.height !== b!.info.height
  )
    return false;
  let difference = 0;
  for (let at = 0; at < a!.data.length; at++) difference += Math.abs(a!.data[at]! - b!.data[at]!);
  return difference / a!.data.length < 8;
}

export const scheduledDelivery = () => ({
  pickup_address: '12 Admiralty Way, Lekki, Lagos',
  delivery_address: '4 Aminu Kano Crescent, Wuse 2, Abuja',
  sender_fullname: 'Ada Obi',
  receiver_fullname: 'Chinedu Eze',
  sender_phone: '08031234567',
  receiver_phone: '+2348051234567',
  pickup_date: inDays(1),
  delivery_date: inDays(3),
  description: 'Two boxes of books',
});

export const instantDelivery = () => ({
  pickup_address: '12 Admiralty Way, Lekki, Lagos',
  dilivery_address: '3 Allen Avenue, Ikeja, Lagos',
  sender_fullname: 'Ada Obi',
  receiver_fullname: 'Chinedu Eze',
  sender_number: '08031234567',
  receiver_number: '08051234567',
  description: 'A parcel of documents',
});

export const receiverDetail = (index = 0) => ({
  address: `${index + 1} Marina Road, Lagos Island`,
  name: `Receiver ${index + 1}`,
  phone: '08051234567',
  date: inDays(2),
});

export const bulkDelivery = (receivers = 2) => ({
  pickup_address: '12 Admiralty Way, Lekki, Lagos',
  sender_fullname: 'Ada Obi',
  sender_number: '08031234567',
  pickup_date: inDays(1),
  description: 'Office supplies',
  receiver_details: Array.from({ length: receivers }, (_, index) => receiverDetail(index)),
});

export const quote = () => ({
  moving_from_address: '5 Ikoyi Crescent, Lagos',
  moving_from_apartment_type: 'Duplex',
  number_of_room_moving_from: '3',
  aptFloor: '1st',
  moving_to_address: '9 Maitama Close, Abuja',
  moving_to_apartment_type: 'Apartment',
  number_of_room_moving_to: '2',
  toAptFloor: 'Ground',
  full_name: 'Ada Obi',
  email: 'ada.quote@example.com',
  mobile_phone: '08031234567',
  Services: 'packing_and_loading,just_moving',
  moving_date: inDays(10),
  date_of_inspection: inDays(5),
  description: 'Fragile piano',
});
