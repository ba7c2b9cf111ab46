/** Partner applications with their status, and newsletter subscribers as pages and as a CSV file that spreadsheets cannot run. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell, csvFile } from '../../server/http/csv';
import { CsvText } from '../../server/staff/csv-cells';
import { startTestServer, type TestServer } from '../support/server';
import { signUpStaff } from '../support/staff';
import { call, get, post, signUp, uniqueEmail, type Customer } from '../support/api';

let server: TestServer;
let staff: Customer;
beforeAll(async () => {
  server = await startTestServer();
  staff = await signUpStaff(server);
});
afterAll(async () => {
  await server?.close();
});

const apply = (role: 'Mover' | 'Packer', full_name: string) =>
  post(server, `${role}-Registration`, {
    full_name,
    email: `${full_name.split(' ')[0]!.toLowerCase()}@example.com`,
    age: 30,
    mobile_number: '08031234567',
    location: 'Yaba, Lagos',
  });

describe('applications', () => {
  it('lists movers and packers newest first, each new, and moves them through their statuses', async () => {
    await apply('Mover', 'Tunde Bello');
    await apply('Packer', 'Amaka Eze');
    const answer = await get(server, 'staff/applications', staff.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data.slice(0, 2)).toMatchObject([
      {
        role: 'packer',
        full_name: 'Amaka Eze',
        email: 'amaka@example.com',
        age: 30,
        mobile_number: '+2348031234567',
        location: 'Yaba, Lagos',
        status: 'new',
      },
      { role: 'mover', full_name: 'Tunde Bello', status: 'new' },
    ]);
    const id = answer.body.data[0].id;
    for (const status of ['contacted', 'hired', 'rejected', 'new']) {
      const moved = await post(server, `staff/applications/${id}/status`, { status }, staff.token);
      expect(moved.status).toBe(200);
      expect(moved.body.data).toMatchObject({ id, status });
    }
    await post(server, `staff/applications/${id}/status`, { status: 'contacted' }, staff.token);
    const contacted = await get(server, 'staff/applications?status=contacted', staff.token);
    expect(contacted.body.data.map((row: { id: number }) => row.id)).toEqual([id]);
  });

  it('pages with a cursor', async () => {
    for (const name of ['Ola One', 'Ola Two', 'Ola Three']) await apply('Mover', name);
    const first = await get(server, 'staff/applications?limit=2', staff.token);
    expect(first.body.data).toHaveLength(2);
    const second = await get(
      server,
      `staff/applications?limit=2&cursor=${first.body.next_cursor}`,
      staff.token,
    );
    expect(second.body.data[0].id).toBeLessThan(first.body.data[1].id);
  });

  it('refuses an unknown status (422) and an unknown application (404)', async () => {
    await apply('Mover', 'Kemi Status');
    const { id } = (await get(server, 'staff/applications', staff.token)).body.data[0];
    const wrong = await post(
      server,
      `staff/applications/${id}/status`,
      { status: 'promoted' },
      staff.token,
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.status).toEqual(['Choose a status from the list.']);
    for (const unknown of ['999999', 'abc', '1e3', '-1']) {
      const answer = await post(
        server,
        `staff/applications/${unknown}/status`,
        { status: 'hired' },
        staff.token,
      );
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('No application has this number: reload the list.');
    }
    expect((await get(server, 'staff/applications?status=maybe', staff.token)).status).toBe(422);
  });

  it('is for staff only', async () => {
    const customer = await signUp(server);
    expect((await get(server, 'staff/applications', customer.token)).status).toBe(403);
    expect(
      (await post(server, 'staff/applications/1/status', { status: 'hired' }, customer.token))
        .status,
    ).toBe(403);
  });
});

describe('subscribers', () => {
  it('lists them newest first, in pages', async () => {
    const emails = [uniqueEmail('news'), uniqueEmail('news'), uniqueEmail('news')];
    for (const email of emails) await post(server, 'newsletter', { email });
    const first = await get(server, 'staff/subscribers?limit=2', staff.token);
    expect(first.status).toBe(200);
    expect(first.body.data.map((row: { email: string }) => row.email)).toEqual([
      emails[2],
      emails[1],
    ]);
    const second = await get(
      server,
      `staff/subscribers?limit=2&cursor=${first.body.next_cursor}`,
      staff.token,
    );
    expect(second.body.data[0].email).toBe(emails[0]);
  });

  it('downloads everyone as CSV, with cells a spreadsheet shows as text', async () => {
    const risky = ['-2+3@example.com', '+cmd@example.com', `plain.${Date.now()}@example.com`];
    for (const email of risky)
      expect((await post(server, 'newsletter', { email })).status).toBe(200);
    const answer = await call(server, 'GET', 'staff/subscribers', undefined, staff.token, {
      accept: 'text/csv',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename="subscribers.csv"',
    );
    const lines = (answer.body as string).split('\r\n');
    expect(lines[0]).toBe('email,subscribed_at');
    expect(lines.at(-1)).toBe('');
    expect(lines).toContain(
      `'-2+3@example.com,${lines.find((line) => line.startsWith("'-2+3"))!.split(',')[1]}`,
    );
    expect(lines.some((line) => line.startsWith("'+cmd@example.com,"))).toBe(true);
    expect(lines.some((line) => line.startsWith(`${risky[2]},`))).toBe(true);
    expect(lines.every((line) => line === '' || /^[^=+\-@]/.test(line))).toBe(true);
  });

  it('answers JSON unless CSV is asked for first', async () => {
    const answer = await call(server, 'GET', 'staff/subscribers', undefined, staff.token, {
      accept: 'application/json, text/csv',
    });
    expect(answer.body.message).toBe('Subscribers found');
  });

  it('keeps the CSV to staff', async () => {
    const customer = await signUp(server);
    const answer = await call(server, 'GET', 'staff/subscribers', undefined, customer.token, {
      accept: 'text/csv',
    });
    expect(answer.status).toBe(403);
  });
});

describe('CSV cells', () => {
  it.each([
    ['plain', 'plain'],
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
  ])('writes %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ['08031234567', '"=""08031234567""' + '"'],
    ['+2348031234567', '"=""+2348031234567""' + '"'],
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['0803 123', '0803 123'],
  ])('writes the phone number %j as %j, text a spreadsheet keeps as it is', (value, cell) => {
    expect(csvCell(new CsvText(value))).toBe(cell);
  });

  it('ends each row with CRLF', () => {
    expect(
      csvFile([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('a,b\r\nc,d\r\n');
  });
});
