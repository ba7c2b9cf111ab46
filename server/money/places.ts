/**
 * The places a tariff knows (server/money/places-list.ts): checks a booking's states and LGAs,
 * each a 422 at its own field when it is not in the list or not of its state (docs/prices.md).
 */
import { invalid } from '../http/problems';
import { placesList } from './places-list';

const lgasByState = new Map(placesList.map(([state, lgas]) => [state, new Set(lgas)]));

/** The list as the published tariff carries it to the site. */
export const publishedPlaces = placesList.map(([state, lgas]) => ({ state, lgas: [...lgas] }));

export const UNKNOWN_STATE = 'Choose a state from the list.';
export const UNKNOWN_LGA = 'Choose a local government area of this state from the list.';
export const STATE_FIRST = 'Choose the state first.';

/** One address's place: field names of its state and LGA, and what was sent. */
export interface PlaceFields {
  stateField: string;
  lgaField: string;
  state: string | undefined;
  lga: string | undefined;
}

/** Messages at the fields of places that are not in the list; empty when all are (or were left out). */
export function placeProblems(places: PlaceFields[]): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  for (const { stateField, lgaField, state, lga } of places) {
    if (state) {
      const lgas = lgasByState.get(state);
      if (!lgas) problems[stateField] = [UNKNOWN_STATE];
      else if (lga && !lgas.has(lga)) problems[lgaField] = [UNKNOWN_LGA];
    } else if (lga) {
      problems[stateField] = [STATE_FIRST];
    }
  }
  return problems;
}

/** Throws the 422 of `placeProblems`, if any. */
export function checkPlaces(places: PlaceFields[]): void {
  const problems = placeProblems(places);
  if (Object.keys(problems).length > 0) throw invalid(problems);
}

/** The places of a booking or an estimate body, by the contract's wire names (DESIGN: pickup_state…). */
export function placesOf(body: {
  pickup_state?: string;
  pickup_lga?: string;
  delivery_state?: string;
  delivery_lga?: string;
  receiver_details?: Array<{ state?: string; lga?: string }>;
  moving_from_state?: string;
  moving_from_lga?: string;
  moving_to_state?: string;
  moving_to_lga?: string;
}): PlaceFields[] {
  const pair = (prefix: string, state?: string, lga?: string): PlaceFields => ({
    stateField: `${prefix}state`,
    lgaField: `${prefix}lga`,
    state: state || undefined,
    lga: lga || undefined,
  });
  return [
    pair('pickup_', body.pickup_state, body.pickup_lga),
    pair('delivery_', body.delivery_state, body.delivery_lga),
    pair('moving_from_', body.moving_from_state, body.moving_from_lga),
    pair('moving_to_', body.moving_to_state, body.moving_to_lga),
    ...(body.receiver_details ?? []).map((receiver, index) =>
      pair(`receiver_details.${index}.`, receiver.state, receiver.lga),
    ),
  ];
}
