/** The field rules users meet in every form, from the shared contract. */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import {
  bulkDeliveryRequest,
  crewStop,
  fieldErrors,
  instantDeliveryRequest,
  landmark,
  LANDMARK_MAX,
  LANDMARK_MESSAGE,
  nigerianPhone,
  NOT_MOBILE_MESSAGE,
  orderStop,
  quoteRequest,
  receiver,
  scheduledDeliveryRequest,
} from '../../src/api/contract';

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

describe('landmark notes (issue 37)', () => {
  const booking = {
    pickup_address: '12 Admiralty Way, Lekki, Lagos',
    delivery_address: '3 Allen Avenue, Ikeja, Lagos',
    sender_fullname: 'Ada Obi',
    receiver_fullname: 'Chinedu Eze',
    sender_phone: '08031234567',
    receiver_phone: '08051234567',
    pickup_date: '2099-01-01',
    delivery_date: '2099-01-02',
    description: 'Books',
  };

  it('are optional, trimmed and one line, up to LANDMARK_MAX characters', () => {
    expect(landmark.parse(undefined)).toBeUndefined();
    expect(landmark.parse('')).toBe('');
    expect(landmark.parse('  Opposite Total\nfilling station  ')).toBe(
      'Opposite Total filling station',
    );
    expect(landmark.parse(` ${'x'.repeat(LANDMARK_MAX)} `)).toHaveLength(LANDMARK_MAX);
  });

  it('refuses a longer one, or one that is not text, with one message', () => {
    for (const value of ['x'.repeat(LANDMARK_MAX + 1), 42])
      expect(landmark.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual([
        LANDMARK_MESSAGE,
      ]);
  });

  it('go with every address a customer books, each at its own field', () => {
    const long = 'x'.repeat(LANDMARK_MAX + 1);
    const errorsOf = (schema: z.ZodMiniType, value: object) => {
      const parsed = schema.safeParse(value);
      return parsed.success ? {} : fieldErrors(parsed.error);
    };
    const instant = {
      ...booking,
      dilivery_address: booking.delivery_address,
      sender_number: booking.sender_phone,
      receiver_number: booking.receiver_phone,
    };
    expect(errorsOf(instantDeliveryRequest, { ...instant, pickup_landmark: long })).toEqual({
      pickup_landmark: [LANDMARK_MESSAGE],
    });
    expect(errorsOf(scheduledDeliveryRequest, { ...booking, delivery_landmark: long })).toEqual({
      delivery_landmark: [LANDMARK_MESSAGE],
    });
    expect(
      errorsOf(receiver, {
        address: '1 Marina Road',
        landmark: long,
        name: 'Ada',
        phone: '08051234567',
        date: '2099-01-02',
      }),
    ).toEqual({ landmark: [LANDMARK_MESSAGE] });
    expect(Object.keys(bulkDeliveryRequest.shape)).toContain('pickup_landmark');
    expect(Object.keys(quoteRequest.shape)).toEqual(
      expect.arrayContaining(['moving_from_landmark', 'moving_to_landmark']),
    );
  });

  it('come back on the order and its stops as text or null, never left out', () => {
    const stop = { id: 'a', kind: 'pickup', address: 'x', state: 'pending', proof: null };
    expect(orderStop.parse({ ...stop, landmark: null }).landmark).toBeNull();
    expect(orderStop.parse({ ...stop, landmark: 'Near the mosque' }).landmark).toBe(
      'Near the mosque',
    );
    expect(orderStop.safeParse(stop).success).toBe(false);
    const crew = {
      ...stop,
      contact_name: 'Ada',
      contact_phone: '+2348031234567',
      code_locked: false,
    };
    expect(crewStop.parse({ ...crew, landmark: 'Blue gate' }).landmark).toBe('Blue gate');
    expect(crewStop.safeParse(crew).success).toBe(false);
  });
});
