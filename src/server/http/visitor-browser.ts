/**
 * A signed-out visitor's browser, as one random id in a first-party cookie: how the evaluation queue counts a visitor's
 * uploads from one browser as one student (issue 38; a visitor has no account, and an address is shared by a whole
 * campus). The id says nothing about the person and proves nothing: it never grants access to a transcript (the
 * upload's own token does), and only its hash is stored with the visitor's transcripts, deleted with them.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from './app-env';

export const VISITOR_BROWSER_COOKIE = 'crosswalk_visitor';
/** A visitor's transcripts live 24 hours; a month lets a returning browser count as the same visitor. */
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

/** The browser's id, set now when it has none (or a malformed one). */
export function visitorBrowserId(c: Context<AppEnv>): string {
  const sent = getCookie(c, VISITOR_BROWSER_COOKIE);
  if (sent && WELL_FORMED.test(sent)) return sent;
  const id = randomBytes(32).toString('base64url');
  setCookie(c, VISITOR_BROWSER_COOKIE, id, {
    path: '/api',
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.get('deps').config.appUrl.startsWith('https:'),
    maxAge: MAX_AGE_SECONDS,
  });
  return id;
}
