/**
 * The company's books on the database the run names (docs/decisions/deleted-accounts.md): staff
 * never handle money on an order they booked themselves, a deleted account's orders keep their
 * payments, receipts and refunds (and a charge that lands later is recorded and refunded), and
 * payments made in test mode say so wherever they are shown; a production server without a
 * Paystack key refuses to start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_PAYSTACK_KEY, MISSING_TERMII_KEY, readConfig } from '../../server/config';
import { OWN_ORDER_MESSAGE } from '../../server/orders/self-dealing';
import { startRefusedServer } from '../support/child-server';
import { lastMailTo, readOutbox, waitUntil } from '../support/mail';
import {
  acceptedMove,
  acceptedOrder,
  cancelAsPage,
  checkout,
  pay,
  startPayment,
} from '../support/payments';
import { startTestServer, type TestServer } from '../support/server';
import { opsTokenOf, signUpStaff } from '../support/staff';
import { get, inDays, PASSWORD, post, signUp, type Customer } from '../support/api';

const PRICE = 12_000_000;

let server: TestServer;
let staff: Customer;
let colleague: Customer;
let ops: string;
beforeAll(async () => {
  server = await startTestServer();
  staff = await signUpStaff(server);
  colleague = await signUpStaff(server);
  ops = opsTokenOf(server);
});
afterAll(async () => {
  await server?.close();
});

const officePayment = (reference: string, token: string, amount_kobo = PRICE) =>
  post(
    server,
    `staff/orders/${reference}/payments`,
    { amount_kobo, method: 'cash', reference: 'CASH-7', paid_on: inDays(0) },
    token,
  );
const refundDone = (reference: string, refundId: number, token: string) =>
  post(server, `staff/orders/${reference}/refunds/${refundId}/done`, { reference: 'TRF-9' }, token);
const staffOrder = async (reference: string) =>
  (await get(server, `staff/orders/${reference}`, colleague.token)).body.data;
/** Cancels as the order's page does: naming the accepted price it shows. */
const cancel = (reference: string, customer: Customer) => cancelAsPage(server, reference, customer);
const deleteAccount = (customer: Customer) =>
  post(server, 'users/DeleteUser', { password: PASSWORD, Reason: 'Moving abroad' }, customer.token);
/** Pays online and waits for the test gateway's webhook to have counted it. */
async function payInFull(reference: string, customer: Customer) {
  await pay(server, reference, customer);
  await waitUntil(
    'the charge to be counted',
    async () => (await staffOrder(reference)).payment.balance_kobo === 0,
  );
}
const refundsOf = async (reference: string) =>
  (await staffOrder(reference)).refunds as Array<{ id: number; state: string; route: string }>;

describe('staff and money on their own order', () => {
  it('refuses recording a payment or marking a refund paid on an order one booked oneself; a colleague and the ops token may', async () => {
    const own = await acceptedOrder(server, staff, colleague, PRICE);
    const refused = { status: 403, body: { message: OWN_ORDER_MESSAGE } };
    expect(await officePayment(own, staff.token, PRICE / 2)).toMatchObject(refused);
    expect((await staffOrder(own)).payment.paid_kobo).toBe(0);
    expect((await officePayment(own, colleague.token, PRICE / 2)).status).toBe(200);
    expect((await officePayment(own, ops, PRICE / 2)).status).toBe(200);
    expect((await cancel(own, staff)).status).toBe(200);
    const [first, second] = await refundsOf(own);
    expect([first?.route, second?.route]).toEqual(['office', 'office']);
    expect(await refundDone(own, first!.id, staff.token)).toMatchObject(refused);
    expect((await refundsOf(own)).map((refund) => refund.state)).toEqual(['due', 'due']);
    expect((await refundDone(own, first!.id, colleague.token)).status).toBe(200);
    expect((await refundDone(own, second!.id, ops)).status).toBe(200);
    expect((await staffOrder(own)).payment).toMatchObject({
      paid_kobo: PRICE,
      refunded_kobo: PRICE,
    });
  });

  it('counts one payment and one refund paid when two colleagues handle the same money at once', async () => {
    const third = await signUpStaff(server);
    const customer = await signUp(server);
    const reference = await acceptedOrder(server, customer, staff, PRICE);
    const recorded = await Promise.all([
      officePayment(reference, colleague.token),
      officePayment(reference, third.token),
    ]);
    expect(recorded.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await staffOrder(reference)).receipts).toHaveLength(1);
    expect((await cancel(reference, customer)).status).toBe(200);
    const [refund] = await refundsOf(reference);
    const marked = await Promise.all([
      refundDone(reference, refund!.id, colleague.token),
      refundDone(reference, refund!.id, third.token),
    ]);
    expect(marked.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await staffOrder(reference)).payment).toMatchObject({
      paid_kobo: PRICE,
      refunded_kobo: PRICE,
    });
  });
});

describe('deleting an account keeps the books', () => {
  const personal = [
    'Ada Obi',
    '0803',
    'Admiralty',
    'Aminu Kano',
    'Ikoyi',
    'Maitama',
    'piano',
    'books',
    'Chinedu',
    'ada.quote',
  ];

  it('anonymises the person and their orders, keeps receipts and refunds owed, records and refunds a later charge, and frees the email', async () => {
    const customer = await signUp(server);
    const paidOnline = await acceptedOrder(server, customer, staff, PRICE);
    const paidCash = await acceptedMove(server, customer, staff, PRICE, 20);
    const payLater = await acceptedOrder(server, customer, staff, PRICE);
    await payInFull(paidOnline, customer);
    expect((await officePayment(paidCash, colleague.token, PRICE / 4)).status).toBe(200);
    const pending = await startPayment(server, payLater, customer);
    const receiptsBefore = [
      ...(await staffOrder(paidOnline)).receipts,
      ...(await staffOrder(paidCash)).receipts,
    ].map((receipt: { number: string }) => receipt.number);
    expect(receiptsBefore).toHaveLength(2);

    expect((await deleteAccount(customer)).status).toBe(200);
    expect((await get(server, 'users/profile', customer.token)).status).toBe(401);
    expect(
      (await post(server, 'login', { email: customer.email, password: PASSWORD })).status,
    ).toBeGreaterThanOrEqual(400);

    // The orders stay, cancelled by the deletion, with their receipts readable by staff.
    for (const reference of [paidOnline, paidCash, payLater])
      expect((await staffOrder(reference)).status).toBe('Cancelled');
    for (const [reference, number] of [
      [paidOnline, receiptsBefore[0]],
      [paidCash, receiptsBefore[1]],
    ]) {
      const receipt = await get(
        server,
        `users/orders/${reference}/receipts/${number}`,
        staff.token,
      );
      expect(receipt.status).toBe(200);
      expect(receipt.body.data.customer).toEqual({
        fullname: 'Deleted account',
        email: '',
        phone: '',
      });
    }

    // The cash refund is still in the staff's list, with whom to pay it back to.
    const [cashRefund] = await refundsOf(paidCash);
    expect(cashRefund).toMatchObject({ route: 'office', state: 'due', amount_kobo: PRICE / 4 });
    const waiting = (await get(server, 'staff/refunds', colleague.token)).body.data;
    expect(waiting.find((row: { id: number }) => row.id === cashRefund!.id)).toMatchObject({
      reference_number: paidCash,
      customer: { fullname: 'Ada Obi', email: customer.email, phone: '+2348031234567' },
    });

    // A charge that lands after the deletion: counted with a receipt, and all of it owed back.
    const charged = await checkout(pending.body.data.authorization_url, 'pay');
    expect(charged.status).toBe(303);
    await waitUntil('the late charge to be recorded', async () => {
      const receipts = (await staffOrder(payLater)).receipts as unknown[];
      return receipts.length === 1;
    });
    expect((await refundsOf(payLater)).map((refund) => refund.route)).toEqual(['card']);
    expect((await staffOrder(payLater)).refunds[0].amount_kobo).toBe(PRICE);

    // No personal data left in the account's row or its orders.
    const db = server.app.db;
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', customer.userId)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      fullname: 'Deleted account',
      phone: '',
      password_hash: '',
      profile_image: null,
    });
    expect(user.email).toMatch(/@deleted\.invalid$/);
    expect(user.deleted_at).not.toBeNull();
    const ids = (
      await db.selectFrom('shipments').select('id').where('user_id', '=', customer.userId).execute()
    ).map((row) => row.id);
    expect(ids).toHaveLength(3);
    const orderRows = JSON.stringify([
      await db.selectFrom('quotes').selectAll().where('shipment_id', 'in', ids).execute(),
      await db.selectFrom('deliveries').selectAll().where('shipment_id', 'in', ids).execute(),
      await db
        .selectFrom('delivery_receivers')
        .selectAll()
        .where('shipment_id', 'in', ids)
        .execute(),
      await db
        .selectFrom('shipment_status_changes')
        .select('note')
        .where('shipment_id', 'in', ids)
        .execute(),
    ]);
    for (const text of personal) expect(orderRows).not.toContain(text);
    expect(
      await db
        .selectFrom('sessions')
        .select('user_id')
        .where('user_id', '=', customer.userId)
        .execute(),
    ).toEqual([]);
    expect(
      (await readOutbox(server)).filter((mail) => mail.to.includes('deleted.invalid')),
    ).toEqual([]);

    // Paid back at the office: the kept contact is told, then forgotten.
    expect((await refundDone(paidCash, cashRefund!.id, colleague.token)).status).toBe(200);
    expect((await lastMailTo(server, customer.email))?.subject).toMatch(/refund/i);
    expect(
      await db
        .selectFrom('refunds')
        .select(['payee_name', 'payee_email', 'payee_phone'])
        .where('id', '=', cashRefund!.id)
        .executeTakeFirst(),
    ).toEqual({ payee_name: null, payee_email: null, payee_phone: null });

    // The email signs up again, as a new account.
    const again = await signUp(server, customer.email);
    expect(again.userId).not.toBe(customer.userId);
    expect((await get(server, 'users/orders', again.token)).body.data).toEqual([]);
  });

  it('numbers receipts without holes across deleted accounts', async () => {
    const numbers = (await server.app.db.selectFrom('payments').select('receipt_number').execute())
      .map((row) => Number(row.receipt_number.slice(-6)))
      .sort((a, b) => a - b);
    expect(numbers.length).toBeGreaterThan(3);
    expect(numbers).toEqual(numbers.map((_, index) => numbers[0]! + index));
  });

  it('refuses while an order is on its way, and changes nothing', async () => {
    const customer = await signUp(server);
    const reference = await acceptedOrder(server, customer, staff, PRICE);
    await payInFull(reference, customer);
    expect(
      (
        await post(
          server,
          `staff/orders/${reference}/status`,
          { status: 'Shipped' },
          colleague.token,
        )
      ).status,
    ).toBe(200);
    const refused = await deleteAccount(customer);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/on its way/);
    expect((await get(server, 'users/profile', customer.token)).status).toBe(200);
  });
});

describe('test mode', () => {
  it('marks online payments made in test mode wherever they are shown, and office payments not', async () => {
    const customer = await signUp(server);
    const reference = await acceptedOrder(server, customer, staff, PRICE);
    expect((await officePayment(reference, colleague.token, PRICE / 2)).status).toBe(200);
    await pay(server, reference, customer);
    const mineNow = async () =>
      (await get(server, `users/orders/${reference}`, customer.token)).body.data;
    await waitUntil(
      'the charge to be recorded',
      async () => (await mineNow()).receipts.length === 2,
    );
    const mine = await mineNow();
    expect(mine.receipts.map((receipt: { test_mode: boolean }) => receipt.test_mode)).toEqual([
      false,
      true,
    ]);
    const [cash, online] = mine.receipts as Array<{ number: string }>;
    const printed = async (number: string) =>
      (await get(server, `users/orders/${reference}/receipts/${number}`, customer.token)).body.data;
    expect((await printed(cash!.number)).test_mode).toBe(false);
    expect((await printed(online!.number)).test_mode).toBe(true);
    const lines = (await staffOrder(reference)).history
      .filter((line: { event: string }) => line.event === 'payment_received')
      .map((line: { note: string }) => line.note);
    expect(lines).toEqual([
      expect.not.stringContaining('TEST'),
      expect.stringMatching(/^TEST \(no real money\): /),
    ]);
    const mail = await lastMailTo(server, customer.email);
    expect(mail?.subject).toBe(`TEST Receipt ${online!.number} for ${reference}: ₦60,000.00`);
    expect(mail?.text).toContain('TEST PAYMENT: made in test mode, no real money moved.');
  });

  it('refuses to read a production configuration without a Paystack key unless test mode is chosen', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(MISSING_PAYSTACK_KEY);
    expect(MISSING_PAYSTACK_KEY).toContain('PAYSTACK_SECRET_KEY');
    expect(() => readConfig({ NODE_ENV: 'production', PAYSTACK_TEST_MODE: 'yes' })).toThrow(
      MISSING_PAYSTACK_KEY,
    );
    const texting = { TERMII_API_KEY: 'TL-live-key' };
    expect(
      readConfig({ NODE_ENV: 'production', PAYSTACK_TEST_MODE: '1', ...texting }).paystack
        .secretKey,
    ).toBeNull();
    expect(
      readConfig({ NODE_ENV: 'production', PAYSTACK_SECRET_KEY: 'sk_live_x', ...texting }).paystack
        .secretKey,
    ).toBe('sk_live_x');
    expect(readConfig({}).paystack.secretKey).toBeNull();
  });

  it('refuses to read a production configuration without a Termii key unless test mode is chosen', () => {
    const paying = { NODE_ENV: 'production', PAYSTACK_SECRET_KEY: 'sk_live_x' };
    expect(() => readConfig(paying)).toThrow(MISSING_TERMII_KEY);
    expect(MISSING_TERMII_KEY).toContain('TERMII_API_KEY');
    expect(() => readConfig({ ...paying, TERMII_TEST_MODE: 'true' })).toThrow(MISSING_TERMII_KEY);
    expect(readConfig({ ...paying, TERMII_TEST_MODE: '1' }).termii.apiKey).toBeNull();
    expect(readConfig({ ...paying, TERMII_API_KEY: 'TL-live-key' }).termii.apiKey).toBe(
      'TL-live-key',
    );
    expect(readConfig({}).termii.apiKey).toBeNull();
  });

  it('`npm start` in production without a Paystack key ends at once and names the variable', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relo-no-key-'));
    try {
      const refused = await startRefusedServer({
        dataDir,
        databaseUrl: null,
        env: { NODE_ENV: 'production', PAYSTACK_SECRET_KEY: '', PAYSTACK_TEST_MODE: '' },
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(MISSING_PAYSTACK_KEY);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
