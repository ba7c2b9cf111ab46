/** Profile read and edit with an image, the image served back, and account deletion. */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import {
  form,
  get,
  isSamePicture,
  PASSWORD,
  PNG,
  pngBlob,
  post,
  quote,
  signUp,
} from '../support/api';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const edit = (
  id: string,
  token: string,
  fields: Record<string, string>,
  files: Record<string, Blob> = {},
) => post(server, `users/edit/${id}`, form(fields, files), token);

describe('profile', () => {
  it('is read back with GET users/profile', async () => {
    const customer = await signUp(server);
    const answer = await get(server, 'users/profile', customer.token);
    expect(answer.body).toEqual({
      message: 'Profile found',
      data: {
        id: customer.id,
        fullname: 'Ada Obi',
        email: customer.email,
        phone: '+2348031234567',
        profile_image: null,
        role: 'customer',
      },
    });
  });

  it('is edited with an image the site can show, served with its own type and nosniff', async () => {
    const customer = await signUp(server);
    const answer = await edit(
      customer.id,
      customer.token,
      { fullname: 'Ada Obi-Okafor', phone: '+2348031234567' },
      { profile_image: pngBlob() },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('User Profile updated successfully.');
    expect(answer.body.data).toMatchObject({ fullname: 'Ada Obi-Okafor', phone: '+2348031234567' });
    const url: string = answer.body.data.profile_image;
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);

    const image = await fetch(`${server.origin}${url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await isSamePicture(Buffer.from(await image.arrayBuffer()), PNG)).toBe(true);

    const login = await post(server, 'login', { email: customer.email, password: PASSWORD });
    expect(login.body.data.profile_image).toBe(url);

    const replaced = await edit(
      customer.id,
      customer.token,
      { fullname: 'Ada', phone: '08031234567' },
      { profile_image: pngBlob() },
    );
    expect(replaced.body.data.profile_image).not.toBe(url);
    expect((await fetch(`${server.origin}${url}`)).status).toBe(404);
  });

  it("refuses a non-image and field errors, and another customer's id", async () => {
    const customer = await signUp(server);
    // An SVG can carry script: it is not among the accepted images, whatever the name and type say.
    const script = new Blob(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], {
      type: 'image/png',
    });
    const notImage = await edit(
      customer.id,
      customer.token,
      { fullname: 'Ada', phone: '08031234567' },
      { profile_image: script },
    );
    expect(notImage.status).toBe(422);
    expect(notImage.body.errors.profile_image[0]).toMatch(/image/);

    const badPhone = await edit(customer.id, customer.token, { fullname: 'Ada', phone: '12345' });
    expect(badPhone.status).toBe(422);
    expect(badPhone.body.errors.phone).toBeDefined();

    expect(
      (await edit(crypto.randomUUID(), customer.token, { fullname: 'Ada', phone: '08031234567' }))
        .status,
    ).toBe(403);
  });

  it('does not serve paths outside the uploads', async () => {
    for (const name of [
      '..%2F..%2Fpackage.json',
      'ops-token',
      '00000000000000000000000000000000.png',
    ]) {
      expect((await fetch(`${server.origin}/uploads/${name}`)).status).toBe(404);
    }
  });
});

describe('account deletion', () => {
  it('checks the password, then removes the person from the account and its orders, its image and its sessions', async () => {
    const customer = await signUp(server);
    const edited = await edit(
      customer.id,
      customer.token,
      { fullname: 'Ada', phone: '08031234567' },
      { profile_image: pngBlob() },
    );
    const booked = await post(
      server,
      'users/state-service',
      form(quote(), { file: pngBlob() }),
      customer.token,
    );
    expect(booked.status).toBe(200);

    const wrong = await post(
      server,
      'users/DeleteUser',
      { password: 'not the password', Reason: 'Moving abroad' },
      customer.token,
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.password).toBeDefined();

    const deleted = await post(
      server,
      'users/DeleteUser',
      { password: PASSWORD, Reason: 'Moving abroad' },
      customer.token,
    );
    expect(deleted).toMatchObject({
      status: 200,
      body: { succes: 'User data deleted successfully.' },
    });
    expect((await get(server, 'users/profile', customer.token)).status).toBe(401);
    expect((await fetch(`${server.origin}${edited.body.data.profile_image}`)).status).toBe(404);
    const db = server.app.db;
    // The row stays for the orders' books, with nothing of the person left
    // (docs/decisions/deleted-accounts.md); the order stays, cancelled and anonymised.
    expect(
      await db
        .selectFrom('users')
        .select(['fullname', 'phone', 'password_hash', 'profile_image'])
        .where('id', '=', customer.userId)
        .execute(),
    ).toEqual([{ fullname: 'Deleted account', phone: '', password_hash: '', profile_image: null }]);
    expect(
      await db
        .selectFrom('shipments')
        .innerJoin('quotes', 'quotes.shipment_id', 'shipments.id')
        .select(['status', 'full_name', 'email', 'mobile_phone', 'description', 'image'])
        .where('user_id', '=', customer.userId)
        .execute(),
    ).toEqual([
      {
        status: 'Cancelled',
        full_name: null,
        email: null,
        mobile_phone: null,
        description: null,
        image: null,
      },
    ]);
    expect(
      await db
        .selectFrom('sessions')
        .select('user_id')
        .where('user_id', '=', customer.userId)
        .execute(),
    ).toEqual([]);
    // The texts about the order named the person's number and carried its private link: gone.
    for (const table of ['texts', 'track_links'] as const)
      expect(
        await db
          .selectFrom(table)
          .innerJoin('shipments', 'shipments.id', `${table}.shipment_id`)
          .select('shipments.id')
          .where('shipments.user_id', '=', customer.userId)
          .execute(),
      ).toEqual([]);
    expect(
      (
        await post(server, 'users/tracking/status', {
          reference_id: booked.body.data.reference_number,
        })
      ).status,
    ).toBe(404);
  });
});
