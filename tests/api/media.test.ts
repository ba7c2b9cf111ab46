import { afterEach, describe, expect, it, vi } from 'vitest';

describe('mediaUrl', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  it('keeps uploads on the site when the API is on the same host', async () => {
    vi.stubGlobal('window', { location: { href: 'https://relo.ng/profile' } });
    const { mediaUrl } = await import('../../src/api/media');
    expect(mediaUrl('/uploads/a1b2.png')).toBe('https://relo.ng/uploads/a1b2.png');
  });

  it('puts uploads on the API host when the API lives elsewhere', async () => {
    vi.stubGlobal('window', { location: { href: 'https://relo.ng/profile' } });
    vi.stubEnv('VITE_API_BASE_URL', 'https://api.relo.ng/api/v1');
    const { mediaUrl } = await import('../../src/api/media');
    expect(mediaUrl('/uploads/a1b2.png')).toBe('https://api.relo.ng/uploads/a1b2.png');
  });
});
