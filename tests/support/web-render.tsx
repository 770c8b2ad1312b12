/**
 * Component tests of the web app's forms (src/web/**\/*.test.tsx, in jsdom): render a component as the app does (a
 * fresh TanStack Query client, a router) and answer its requests at the network boundary, recording what it sent.
 * Importing this file registers the clean-up after each test.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, vi } from 'vitest';
import { useRefreshAccount } from '../../src/web/features/auth';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

/** Shows where the app navigated to, for tests to read: `currentLocation()`. */
function LocationProbe() {
  const location = useLocation();
  return <span data-testid="location">{`${location.pathname}${location.search}`}</span>;
}

export const currentLocation = () => screen.getByTestId('location').textContent;

/** Renders `ui` at `url` (matched by `path` when the component reads route parameters). */
export function renderWithApp(ui: ReactElement, { url = '/', path = '*' }: { url?: string; path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={ui} />
          {path !== '*' && <Route path="*" element={null} />}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

export interface RecordedRequest {
  method: string;
  /** Path and query string. */
  url: string;
  /** The JSON body parsed, a Blob or text as sent, or undefined. */
  body: unknown;
  headers: Record<string, string>;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

type Handler = (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;

/**
 * Stubs fetch with answers by "METHOD /path" (the query string is ignored when matching). A request nothing answers
 * fails the test's expectations with a 599 naming it. Returns every request made, in order.
 */
export function fakeApi(routes: Record<string, Handler | FakeAnswer>) {
  const requests: RecordedRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost:3000');
    const method = (init.method ?? 'GET').toUpperCase();
    let body: unknown = init.body ?? undefined;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const request: RecordedRequest = { method, url: `${url.pathname}${url.search}`, body, headers: Object.fromEntries(new Headers(init.headers).entries()) };
    requests.push(request);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return Response.json({ error: `No fake answer for ${method} ${url.pathname}` }, { status: 599 });
    const answer = typeof route === 'function' ? await route(request) : route;
    const status = answer.status ?? 200;
    return status === 204 ? new Response(null, { status }) : Response.json(answer.body ?? {}, { status });
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    requests,
    /** The requests to one "METHOD /path". */
    to: (key: string) => requests.filter((request) => `${request.method} ${request.url.split('?')[0]}` === key),
  };
}

/** An answer the test releases when it wants, to see a form while its request is on its way. */
export function heldAnswer(answer: FakeAnswer = {}) {
  let release: () => void = () => undefined;
  const held = new Promise<FakeAnswer>((resolve) => {
    release = () => resolve(answer);
  });
  return { handler: () => held, release };
}

/**
 * Makes the app's account store read who is signed in again (from GET /api/account/session, which the test's fake
 * answers): the store lives for the whole test file, so each test says who it is signed in as.
 */
export async function reloadAccount() {
  const { result, unmount } = renderHook(() => useRefreshAccount());
  await act(() => result.current());
  unmount();
}
