/** The quote forms' fields by their visible labels, for tests that fill them as a user would. */
export const quoteLabels: Record<string, RegExp> = {
  moving_from_address: /^Current address/,
  moving_from_apartment_type: /^Current apartment type/,
  number_of_room_moving_from: /^Rooms at your current home/,
  aptFloor: /^Current apartment floor/,
  moving_to_address: /^Destination address/,
  moving_to_apartment_type: /^Destination apartment type/,
  number_of_room_moving_to: /^Rooms at your destination/,
  toAptFloor: /^Destination apartment floor/,
  full_name: /^Full name/,
  email: /^Email/,
  mobile_phone: /^Mobile number/,
  date_of_inspection: /^Inspection date/,
  moving_date: /^Moving date/,
  description: /^Description/,
  declared_value: /^Declared value/,
};
