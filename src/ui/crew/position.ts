/**
 * The phone's position for a stop's action (src/machines/crewStopMachine.ts), only when the crew
 * member allows it: a refusal, an error or a timeout answers null, so the action goes without it.
 * The machine also stops waiting after its own limit, since a permission question left open holds
 * the browser's timeout.
 */
import type { Position } from '../../machines/crewStopMachine';

/** The contract's largest accuracy (src/api/contract/crews.ts). */
const WORST_ACCURACY_M = 100_000;

export function currentPosition(timeoutMs: number): Promise<Position | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({
          lat: coords.latitude,
          lng: coords.longitude,
          accuracy_m: Math.min(Math.round(coords.accuracy), WORST_ACCURACY_M),
        }),
      () => resolve(null),
      // A fix from the last minute is as good at a doorstep, and much quicker on a cheap phone.
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    ),
  );
}
