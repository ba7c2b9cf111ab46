/** The field rules users meet in every form, from the shared contract. */
import { describe, expect, it } from 'vitest';
import { nigerianPhone, NOT_MOBILE_MESSAGE } from '../../src/api/contract';

describe('Nigerian phone numbers', () => {
  const phone = nigerianPhone();

  it.each([
    ['08031234567', '+2348031234567'],
    ['0803 123 4567', '+2348031234567'],
    ['0803-123-4567', '+2348031234567'],
    ['(0803) 123.4567', '+2348031234567'],
    ['+2348031234567', '+2348031234567'],
    ['+234 803 123 4567', '+2348031234567'],
    ['2348031234567', '+2348031234567'],
    ['+234 0803 123 4567', '+2348031234567'],
    ['234 0803 123 4567', '+2348031234567'],
  ])('takes %s as %s', (typed, stored) => {
    expect(phone.parse(typed)).toBe(stored);
  });

  it.each([
    '0803123456',
    '080312345678',
    '8031234567',
    '+1 202 555 0143',
    '0803123456a',
    '+23408031234',
  ])('refuses %s with a message that says what a number looks like', (typed) => {
    const result = phone.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'Enter a Nigerian phone number: 0 and 10 digits, or +234 and 10 digits.',
    );
  });

  it.each(['01234567890', '+2348001234567', '07001234567', '09171234567'])(
    'refuses %s, well formed but not a Nigerian mobile, with a message that says so',
    (typed) => {
      expect(phone.safeParse(typed).error?.issues[0]?.message).toBe(NOT_MOBILE_MESSAGE);
    },
  );

  it('asks for the number when it is missing', () => {
    expect(phone.safeParse('  ').error?.issues[0]?.message).toBe(
      'Please fill in your mobile number.',
    );
  });
});
