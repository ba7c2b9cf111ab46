/**
 * Uploaded images live in the database: any server instance serves them, with their type,
 * nosniff and long caching; whatever follows an image's end is not stored (the image is encoded
 * again); they go with the account. The sample images are the Python test suite's (Lib/test/imghdrdata).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import {
  form,
  isSamePicture,
  PASSWORD,
  PNG,
  post,
  quote,
  signUp,
  type Customer,
} from '../support/api';

const sample = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '../support/images', name));
const SCRIPT = Buffer.from('<script>alert(document.cookie)</script><?php system($_GET["c"]); ?>');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const uploadAvatar = async (on: TestServer, customer: Customer, bytes: Buffer) =>
  post(
    on,
    `users/edit/${customer.id}`,
    form(
      { fullname: 'Ada Obi', phone: '08031234567' },
      { profile_image: new Blob([new Uint8Array(bytes)]) },
    ),
    customer.token,
  );

describe('files in the database', () => {
  it('serves a file uploaded through one server from another', async () => {
    const first = await startTestServer();
    let second: TestServer | null = null;
    try {
      const customer = await signUp(first);
      const uploaded = await uploadAvatar(first, customer, PNG);
      expect(uploaded.status).toBe(200);
      const url: string = uploaded.body.data.profile_image;
      // On PostgreSQL two instances share the database; the embedded one has a single owner, so the
      // second server is the next start on the same data folder.
      if (first.databaseUrl) second = await startTestServer({ databaseUrl: first.databaseUrl });
      else {
        await first.app.close();
        second = await startTestServer({ dataDir: first.dataDir });
      }
      const served = await fetch(`${second.origin}${url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await isSamePicture(Buffer.from(await served.arrayBuffer()), PNG)).toBe(true);
      expect(fs.existsSync(path.join(first.dataDir, 'uploads'))).toBe(false);
    } finally {
      await second?.close();
      if (first.databaseUrl) await first.close();
    }
  });

  it.each([
    ['python.png', 'image/png'],
    ['python.jpg', 'image/jpeg'],
    ['python.gif', 'image/gif'],
    ['python.webp', 'image/webp'],
  ])('stores no script appended to %s, and serves it as %s', async (name, type) => {
    const customer = await signUp(server);
    const image = sample(name);
    const uploaded = await uploadAvatar(server, customer, Buffer.concat([image, SCRIPT]));
    expect(uploaded.status).toBe(200);
    const served = await fetch(`${server.origin}${uploaded.body.data.profile_image}`);
    expect(served.headers.get('content-type')).toBe(type);
    const stored = Buffer.from(await served.arrayBuffer());
    expect(await isSamePicture(stored, image)).toBe(true);
    expect(stored.includes('<script>')).toBe(false);
  });

  it('refuses files that only start like an image', async () => {
    const customer = await signUp(server);
    const broken = [
      PNG.subarray(0, 40),
      Buffer.concat([sample('python.jpg').subarray(0, 300), SCRIPT]),
      sample('python.gif').subarray(0, 200),
      sample('python.webp').subarray(0, 100),
    ];
    for (const bytes of broken) {
      const answer = await uploadAvatar(server, customer, bytes);
      expect(answer.status).toBe(422);
      expect(answer.body.errors.profile_image).toEqual([
        'File type must be an image: PNG, JPEG, WebP or GIF.',
      ]);
    }
    expect(
      await server.app.db
        .selectFrom('files')
        .select('name')
        .where('owner_id', '=', customer.userId)
        .execute(),
    ).toEqual([]);
  });

  it("deletes the account's files with the account", async () => {
    const customer = await signUp(server);
    const avatar = await uploadAvatar(server, customer, PNG);
    const booked = await post(
      server,
      'users/Office-service',
      form(quote(), { file: new Blob([new Uint8Array(sample('python.jpg'))]) }),
      customer.token,
    );
    expect(booked.status).toBe(200);
    const files = () =>
      server.app.db
        .selectFrom('files')
        .select('name')
        .where('owner_id', '=', customer.userId)
        .execute();
    expect(await files()).toHaveLength(2);

    const deleted = await post(
      server,
      'users/DeleteUser',
      { password: PASSWORD, Reason: 'Moving abroad' },
      customer.token,
    );
    expect(deleted.status).toBe(200);
    expect(await files()).toEqual([]);
    expect((await fetch(`${server.origin}${avatar.body.data.profile_image}`)).status).toBe(404);
  });
});
