/**
 * For the REST client's tests (Vitest): the browser's fetch and location stubbed around each test,
 * and the app's 401 reaction recorded, so a test answers a call as the server would.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { setUnauthorizedHandler, type ApiError } from './http.ts';

/** The page's origin in these tests: every call goes under it. */
export const TEST_ORIGIN = 'http://console.test';

/** A server's answer: a JSON body (a string as it is; undefined: none). */
export function answer(status: number, body: unknown, statusText = ''): Response {
  const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, { status, statusText, headers: { 'content-type': 'application/json' } });
}

/** Stubs fetch and location for each test of the calling `describe`; the mocks are reset after each. */
export function stubbedServer(): { readonly fetchMock: ReturnType<typeof vi.fn<typeof fetch>>; readonly onUnauthorized: ReturnType<typeof vi.fn<(error: ApiError) => void>> } {
  const fetchMock = vi.fn<typeof fetch>();
  const onUnauthorized = vi.fn<(error: ApiError) => void>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('location', { origin: TEST_ORIGIN });
    setUnauthorizedHandler(onUnauthorized);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    onUnauthorized.mockReset();
  });
  return { fetchMock, onUnauthorized };
}
