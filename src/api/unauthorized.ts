/**
 * Where a 401 on a members' call is reported. Kept apart from the client so the session (on
 * every page) can listen without downloading the client, the contract and zod.
 */
let onUnauthorized: () => void = () => {};

/** The session registers here so a 401 from any call ends it. */
export function whenUnauthorized(handler: () => void): void {
  onUnauthorized = handler;
}

export function reportUnauthorized(): void {
  onUnauthorized();
}
