/**
 * What a cell of a staff export holds, before server/http/csv.ts writes it: plain text, or text a
 * spreadsheet must keep as text rather than read as a number (a phone number's leading 0).
 */
export class CsvText {
  constructor(readonly value: string) {}
}
export type CsvValue = string | CsvText;
