/**
 * The rules behind two answers, at their edges: how long the login pause reads (docs/security.md)
 * and when a repeated Idempotency-Key replays, expires or is refused (docs/reliability.md,
 * "Retry-safe submits"). The API tests reach them through real servers, but only in the middle of
 * their ranges.
 */
import { describe, expect, it } from 'vitest';
import { throttledMessage } from '../../server/accounts/login-throttle';
import { checkReplay, KEY_REUSED } from '../../server/orders/idempotency';
import { Problem } from '../../server/http/problems';

describe('the login pause, in words', () => {
  it.each([
    [1, '1 second'],
    [2, '2 seconds'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [120, '2 minutes'],
    [900, '15 minutes'],
  ])('%i s reads "%s"', (seconds, words) => {
    expect(throttledMessage(seconds)).toBe(
      `Too many failed logins for this account. To keep it safe, logging in is paused: please try again in ${words}, or reset your password.`,
    );
  });
});

describe('a repeated Idempotency-Key', () => {
  const hour = 3_600_000;
  const given = { key: 'k', hash: 'a'.repeat(64) };
  const storedAgo = (ms: number, hash: string | null = given.hash) => ({
    request_hash: hash,
    created_at: new Date(Date.now() - ms),
  });

  it('replays the first answer for the same request within 24 hours', () => {
    expect(checkReplay(storedAgo(0), given)).toBe('replay');
    expect(checkReplay(storedAgo(24 * hour - 60_000), given)).toBe('replay');
  });

  it('is a new submission once the first is more than 24 hours old, whatever it was', () => {
    expect(checkReplay(storedAgo(24 * hour + 60_000), given)).toBe('expired');
    expect(checkReplay(storedAgo(24 * hour + 60_000, 'b'.repeat(64)), given)).toBe('expired');
  });

  it('refuses another request under the same key with 422 and says what to do', () => {
    for (const stored of [storedAgo(0, 'b'.repeat(64)), storedAgo(0, null)]) {
      let refusal: unknown;
      try {
        checkReplay(stored, given);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(Problem);
      expect(refusal).toMatchObject({ statusCode: 422, message: KEY_REUSED });
    }
  });
});
