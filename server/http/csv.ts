/**
 * CSV files for spreadsheets (RFC 4180: CRLF lines, fields quoted when they hold a quote, a comma
 * or a line break). A cell starting with =, +, -, @, a tab or a carriage return is prefixed with
 * ' so a spreadsheet shows it as text instead of running it as a formula (CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvFile = (rows: string[][]) => rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
