/**
 * CSV files for spreadsheets (RFC 4180: CRLF lines, fields quoted when they hold a quote, a comma
 * or a line break). A cell starting with =, +, -, @, a tab or a carriage return is prefixed with
 * ' so a spreadsheet shows it as text instead of running it as a formula (CSV injection). A
 * `CsvText` cell of digits (a phone number) is written as `="…"`, so a spreadsheet keeps it as text.
 */
import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CsvText, type CsvValue } from '../staff/csv-cells';

const FORMULA_START = /^[=+\-@\t\r]/;

/** Digits, after an optional +: all a phone number cell may hold to be written as `="…"`. */
const DIGITS = /^\+?[0-9]{1,20}$/;

export function csvCell(cell: CsvValue): string {
  if (cell instanceof CsvText) {
    // `="08031234567"`: the one formula written, around digits checked here, so a spreadsheet
    // shows the text as it is (a plain 08031234567 loses its 0). Anything else is an ordinary cell.
    return DIGITS.test(cell.value) ? `"=""${cell.value}"""` : csvCell(cell.value);
  }
  const value = cell;
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvFile = (rows: CsvValue[][]) =>
  rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';

/**
 * A CSV file sent as it is read: the header, then each batch of rows as it comes, so the
 * server's memory stays the same however long the file (docs/measurements.md).
 */
export function csvStream(header: string[], batches: AsyncIterable<CsvValue[][]>): Readable {
  return Readable.from(
    (async function* lines() {
      yield csvFile([header]);
      for await (const rows of batches) {
        yield csvFile(rows);
        // The embedded database answers without returning to the event loop: without this turn,
        // a long export would keep every other request waiting until its last row.
        await setImmediate();
      }
    })(),
    { objectMode: false },
  );
}

/** Whether the caller asked for CSV (`Accept: text/csv` first in the header). */
export const wantsCsv = (request: FastifyRequest) =>
  /^\s*text\/csv\b/i.test(request.headers.accept ?? '');

export const sendCsv = (reply: FastifyReply, fileName: string, file: Readable) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(file);
