/** Quotes as a user would fill them, for the quote machine, view and browser tests. */
import { LANDMARK_MAX, todayInLagos } from '../../src/api/contract';

/** YYYY-MM-DD, `days` after today in Lagos. */
export function inDays(days: number): string {
  const [year, month, day] = todayInLagos().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

const addresses = {
  moving_from_address: '5 Ikoyi Crescent, Lagos',
  moving_to_address: '9 Maitama Close, Abuja',
};

/** Every field of the 3-step form filled in, terms accepted. */
export const threeStepQuote = () => ({
  ...addresses,
  moving_from_landmark: 'Opposite Total filling station, blue gate',
  moving_to_landmark: '',
  moving_from_apartment_type: '2 Bedrooms',
  number_of_room_moving_from: '2',
  aptFloor: '1st',
  moving_to_apartment_type: 'Penthouse',
  number_of_room_moving_to: '5+',
  toAptFloor: '4th+',
  full_name: 'Ada Obi',
  email: 'ada.quote@example.com',
  mobile_phone: '08031234567',
  Services: 'packing_and_loading,just_moving',
  moving_date: inDays(10),
  date_of_inspection: inDays(5),
  description: 'A piano and twelve boxes of books',
  declared_value: '1,500,000',
  terms: true,
});

/** Every field of the 5-step wizard filled in. */
export const fiveStepQuote = () => ({
  ...addresses,
  moving_from_landmark: '',
  moving_to_landmark: 'Behind Shoprite',
  moving_from_apartment_type: 'Duplex',
  number_of_room_moving_from: '4',
  aptFloor: 'Ground',
  moving_to_apartment_type: 'Mini flat',
  number_of_room_moving_to: '2',
  toAptFloor: '3rd',
  full_name: 'Ada Obi',
  email: '',
  mobile_phone: '+2348031234567',
  Services: 'unpacking_and_arranging',
  moving_date: inDays(12),
  date_of_inspection: inDays(12),
  description: 'Office chairs',
  declared_value: '',
  terms: false,
});

/** Per step of the 3-step form: field changes that break the step and mend it (machine and view suites). */
export const threeStepChanges = () => ({
  locations: [
    { name: 'toAptFloor', value: '' },
    { name: 'toAptFloor', value: 'Ground' },
    // A landmark note longer than the contract takes (issue 37), then one it takes.
    { name: 'moving_from_landmark', value: 'x'.repeat(LANDMARK_MAX + 1) },
    { name: 'moving_from_landmark', value: 'Opposite the blue gate' },
  ],
  contact: [
    { name: 'mobile_phone', value: '12345' },
    { name: 'mobile_phone', value: '08031234567' },
  ],
  services: [
    { name: 'terms', value: false },
    { name: 'terms', value: true },
    { name: 'date_of_inspection', value: inDays(30) },
    { name: 'date_of_inspection', value: inDays(1) },
  ],
});

/** Per tab of the 5-step wizard: field changes that break the step and mend it (machine and view suites). */
export const fiveStepChanges = () => ({
  currentLocation: [
    { name: 'aptFloor', value: '' },
    { name: 'aptFloor', value: '2nd' },
  ],
  destination: [
    { name: 'moving_to_address', value: '  ' },
    { name: 'moving_to_address', value: '1 Marina, Lagos' },
    { name: 'moving_to_landmark', value: 'x'.repeat(LANDMARK_MAX + 1) },
    { name: 'moving_to_landmark', value: 'Near the mosque' },
  ],
  contactDetails: [
    { name: 'email', value: 'not-an-email' },
    { name: 'email', value: '' },
  ],
  additionalInformation: [
    { name: 'moving_date', value: '' },
    { name: 'moving_date', value: inDays(20) },
    { name: 'date_of_inspection', value: inDays(40) },
    { name: 'date_of_inspection', value: inDays(2) },
  ],
});
