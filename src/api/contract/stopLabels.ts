/**
 * The day's work in words: vehicles, stops and their states, as the pages and the history say
 * them (docs/crews.md). Apart from ./stops, which every order page loads, so only the pages that
 * show a crew or a stop load these.
 */
import type { StopEventType } from './crewDay';
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

/** What the crew records at a stop, as its button names it. */
export const stopEventLabels: Record<StopEventType, string> = {
  on_the_way: 'On the way',
  arrived: 'Arrived',
  picked_up: 'Picked up',
  delivered: 'Delivered',
  failed: 'Failed',
};

const lagosClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** HH:MM in Lagos: when a crew's action was taken. */
export const clockInLagos = (at: Date) => lagosClock.format(at);
