/** A small typed fetch helper for the product's own API: JSON in and out, same-origin cookies. */

/** An API answer that was not 2xx: carries the server's `error` text, the status and any named fields. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Array<{ field: string; message: string }> = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The server names the field a problem is in ("schools: you can keep at most 50 favorites"), which helps a developer
 * but not a student: the words shown keep only the problem ("You can keep at most 50 favorites").
 */
export function withoutFieldNames(message: string): string {
  const parts = message
    .split('; ')
    .map((part) => part.replace(/^(?:[a-z][\w.]*|\(body\)): /, ''))
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1));
  return parts.length === 1 ? (parts[0] ?? '') : parts.map((part) => (/[.!?]$/.test(part) ? part : `${part}.`)).join(' ');
}

/** Our own words for an answer that carried none of the server's ("Request failed (502)"). */
export const requestFailedText = (status: number) => `Request failed (${status})`;

/** Whether a message is the server's own reason, worth showing, rather than our stand-in for none. */
export const isServerWords = (message: string) => message !== '' && !/^Request failed \(\d+\)$/.test(message);

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

export async function apiFetch<T>(path: string, { method = 'GET', body, signal }: ApiRequest = {}): Promise<T> {
  const response = await fetch(path, {
    method,
    signal,
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const payload = (data ?? {}) as { error?: unknown; message?: unknown; fields?: unknown };
    const message =
      typeof payload.error === 'string' ? withoutFieldNames(payload.error) : typeof payload.message === 'string' ? payload.message : requestFailedText(response.status);
    const fields = Array.isArray(payload.fields) ? (payload.fields as Array<{ field: string; message: string }>) : [];
    throw new ApiError(message, response.status, fields);
  }
  return data as T;
}
