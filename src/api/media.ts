/**
 * Uploaded images come back as paths on the API's host (`/uploads/…`). When the website talks
 * to an API elsewhere (VITE_API_BASE_URL), those paths must resolve against that host.
 */
export function mediaUrl(path: string): string {
  const apiBase = new URL(import.meta.env.VITE_API_BASE_URL ?? '/api/v1', window.location.href);
  return new URL(path, apiBase).href;
}
