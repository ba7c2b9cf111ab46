/**
 * The day's work in words: vehicles, stops and their states, as the pages and the history say
 * them (docs/crews.md). Apart from ./stops, which every order page loads, so only the pages that
 * show a crew or a stop load these.
 */
import type { StopKind, StopState, Vehicle } from './stops';

export const vehicleLabels: Record<Vehicle, string> = {
  motorbike: 'Motorbike',
  car: 'Car',
  van: 'Van',
  truck: 'Truck',
};

export const stopKindLabels: Record<StopKind, string> = {
  pickup: 'Pick-up',
  dropoff: 'Drop-off',
  loading: 'Loading',
  unloading: 'Unloading',
};

export const stopStateLabels: Record<StopState, string> = {
  pending: 'Waiting',
  on_the_way: 'Crew on the way',
  arrived: 'Crew arrived',
  done: 'Done',
  failed: 'Could not be completed',
};
