/**
 * The site's light phone rule and the server's libphonenumber-js give the same answers
 * (docs/messages.md, "Numbers"): the site checks a number's prefix without loading the library
 * (src/api/contract/rules.ts), the server reads it with the library's full metadata
 * (server/messages/phone.ts). Over every 4-digit prefix a Nigerian number can start with, in
 * every form a customer types, both keep the same numbers, in the same E.164 form, and refuse the
 * same others; a change in the library's metadata that the light rule misses fails here.
 */
import { describe, expect, it } from 'vitest';
import {
  isNigerianMobile,
  nigerianPhone,
  NOT_MOBILE_MESSAGE,
  readMobilesWith,
  tidyPhone,
} from '../../src/api/contract';
import { maskPhone, readNigerianMobile } from '../../server/messages/phone';

/** Ten digits after +234: each 4-digit prefix with two endings, so 5-digit rules are crossed too. */
const nationalNumbers = Array.from({ length: 10_000 }, (_, prefix) => [
  `${String(prefix).padStart(4, '0')}000000`,
  `${String(prefix).padStart(4, '0')}987654`,
]).flat();

/** The forms customers type a number in, each tidied by the contract's rule. */
const forms = (national: string) => [
  `0${national}`,
  `+234${national}`,
  `234${national}`,
  `+234 0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`,
  `(0${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`,
];

describe('the light rule and libphonenumber-js', () => {
  it('agree on every prefix, in every form', () => {
    const disagreements: string[] = [];
    for (const national of nationalNumbers) {
      const e164 = `+234${national}`;
      const light = isNigerianMobile(e164) ? e164 : null;
      const library = readNigerianMobile(e164);
      if (light !== library) disagreements.push(`${e164}: light ${light}, library ${library}`);
      for (const typed of forms(national))
        if (tidyPhone(typed) !== e164) disagreements.push(`${typed} tidied to ${tidyPhone(typed)}`);
    }
    expect(disagreements).toEqual([]);
  });

  it('cover mobile numbers of every network and refuse the rest', () => {
    const mobiles = nationalNumbers.filter((national) => isNigerianMobile(`+234${national}`));
    // MTN, Airtel, Glo, 9mobile and the newer ranges: 070x, 080x, 081x, 090x, 091x.
    for (const prefix of [
      '703',
      '706',
      '802',
      '803',
      '806',
      '813',
      '816',
      '903',
      '906',
      '913',
      '916',
    ])
      expect(
        mobiles.some((national) => national.startsWith(prefix)),
        prefix,
      ).toBe(true);
    for (const national of ['8001234567', '7001234567', '2012345678', '9171234567'])
      expect(readNigerianMobile(`+234${national}`), national).toBeNull();
  });

  it('the contract reads with whichever reader it is given, and both answer the same', () => {
    const phone = nigerianPhone();
    const answers = () =>
      ['0803 123 4567', '+234 0706 123 9876', '0800 123 4567'].map((typed) => {
        const parsed = phone.safeParse(typed);
        return parsed.success ? parsed.data : parsed.error.issues[0]?.message;
      });
    const light = answers();
    readMobilesWith(readNigerianMobile);
    try {
      expect(answers()).toEqual(light);
    } finally {
      readMobilesWith((e164) => (isNigerianMobile(e164) ? e164 : null));
    }
    expect(light).toEqual(['+2348031234567', '+2347061239876', NOT_MOBILE_MESSAGE]);
  });

  it('masks a number but for its last 4 digits', () => {
    expect(maskPhone('+2348031234567')).toBe('+234******4567');
    expect(maskPhone('')).toBe('');
  });
});
