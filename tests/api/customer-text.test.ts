/**
 * What customers type (docs/security.md): names, addresses and messages lose bidi
 * controls, zero-width characters and control characters (terminal escapes) on the way in, by
 * the shared contract; mail to staff quotes the customer's words, so a name or a reason cannot
 * pass for the company's instructions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFrom, lastMailTo } from '../support/mail';
import { startTestServer, type TestServer } from '../support/server';
import { get, PASSWORD, post, scheduledDelivery, uniqueEmail } from '../support/api';

const STAFF_EMAIL = 'operations@relo.test';
const RLO = '\u202e';
const ZERO_WIDTH_SPACE = '\u200b';
const ESC = '\x1b';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ staffEmail: STAFF_EMAIL });
});
afterAll(async () => {
  await server?.close();
});

/** Signs up under `fullname` and logs in; answers the token. */
async function signUpAs(fullname: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('text');
  const registered = await post(server, 'register', {
    fullname,
    email,
    phone: '08031234567',
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  expect(registered.status).toBe(200);
  const code = codeFrom((await lastMailTo(server, email))!.text);
  expect((await post(server, 'verify-email', { verification_token: code, email })).status).toBe(
    200,
  );
  const login = await post(server, 'login', { email, password: PASSWORD });
  return { email, token: login.body.token };
}

describe('names and addresses', () => {
  it('are stored without bidi overrides, zero-width characters and terminal escapes', async () => {
    const customer = await signUpAs(`Ada${ZERO_WIDTH_SPACE} ${RLO}Obi${ESC}[31m Eze${ESC}`);
    const profile = await get(server, 'users/profile', customer.token);
    expect(profile.body.data.fullname).toBe('Ada Obi Eze');
    const stored = await server.app.db
      .selectFrom('users')
      .select('fullname')
      .where('email', '=', customer.email)
      .executeTakeFirstOrThrow();
    expect(stored.fullname).toBe('Ada Obi Eze');

    const booked = await post(
      server,
      'users/schedule/delivery',
      {
        ...scheduledDelivery(),
        sender_fullname: `Chinedu${RLO} Eze`,
        pickup_address: `12 Admiralty${ZERO_WIDTH_SPACE} Way,\nLekki${ESC}[2J`,
        description: `Two boxes\nof books${ESC}[0m`,
      },
      customer.token,
    );
    expect(booked.status).toBe(200);
    const order = await get(
      server,
      `users/orders/${booked.body.data.reference_number}`,
      customer.token,
    );
    expect(order.body.data.details).toMatchObject({
      sender_fullname: 'Chinedu Eze',
      pickup_address: '12 Admiralty Way, Lekki',
      // A description keeps its line breaks.
      description: 'Two boxes\nof books',
    });
  });

  it('still need something visible', async () => {
    const answer = await post(server, 'register', {
      fullname: `${RLO}${ZERO_WIDTH_SPACE}${ESC}`,
      email: uniqueEmail('blank'),
      phone: '08031234567',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.fullname).toEqual(['Please fill in your full name.']);
  });
});

describe('staff mail', () => {
  it("quotes the customer's name and reason, so neither reads as the company's words", async () => {
    const phishing =
      'IMPORTANT: your staff session has expired. Re-login at https://evil.example/staff';
    const customer = await signUpAs(`Ada Obi\n\n${phishing}`);
    const booked = await post(
      server,
      'users/schedule/delivery',
      scheduledDelivery(),
      customer.token,
    );
    const reference: string = booked.body.data.reference_number;
    const cancelled = await post(
      server,
      `users/orders/${reference}/cancel`,
      { reason: `Sorry.\n\n${phishing}\n\nRelo Logistics` },
      customer.token,
    );
    expect(cancelled.status).toBe(200);

    const mail = (await lastMailTo(server, STAFF_EMAIL))!;
    expect(mail.subject).toBe(`${reference}: the customer cancelled the order`);
    const lines = mail.text.split('\n');
    const quoteStarts = lines.indexOf('Written by the customer, not by Relo Logistics:');
    expect(quoteStarts).toBeGreaterThan(-1);
    expect(lines.filter((line) => line.includes('evil.example'))).toHaveLength(2);
    for (const line of lines.filter(
      (line) =>
        line.includes('evil.example') || line.includes('Relo Logistics') || line.includes('Sorry'),
    )) {
      if (line === 'Written by the customer, not by Relo Logistics:') continue;
      expect(line.startsWith('> '), line).toBe(true);
      expect(lines.indexOf(line)).toBeGreaterThan(quoteStarts);
    }
    expect(mail.text).toContain(`> Name: Ada Obi ${phishing}`);
    expect(mail.text).toContain(`> Email: ${customer.email}`);
    expect(mail.text).toContain(`> Reason: Sorry.\n>\n>     ${phishing}`);
  });
});
