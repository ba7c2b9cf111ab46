/**
 * Phone numbers as the server keeps them (docs/messages.md, "Numbers"): E.164, +234 and ten
 * digits, read with libphonenumber-js and its full metadata. The contract's rule
 * (`nigerianPhone`, src/api/contract/rules.ts) tidies what was typed into that form; on the
 * server it then asks `readNigerianMobile` whether the number is a Nigerian mobile, so every
 * number stored, from any form, has passed libphonenumber-js.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** The number in E.164 when it is a valid Nigerian mobile number, else null. */
export function readNigerianMobile(text: string): string | null {
  const number = parsePhoneNumberFromString(text, 'NG');
  if (!number || number.country !== 'NG' || !number.isValid()) return null;
  return number.getType() === 'MOBILE' ? number.number : null;
}

/** A number as a screen or a log may show it: the last 4 digits only (+234******4567). */
export function maskPhone(e164: string): string {
  const digits = e164.replace(/\D/g, '');
  if (digits.length <= 4) return '*'.repeat(digits.length);
  const country = e164.startsWith('+234') ? '+234' : '+';
  const hidden = digits.length - 4 - (country.length - 1);
  return `${country}${'*'.repeat(Math.max(0, hidden))}${digits.slice(-4)}`;
}

/** Termii's form of a number: the international digits without the + (2348031234567). */
export const termiiNumber = (e164: string) => e164.replace(/^\+/, '');
