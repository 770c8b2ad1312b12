export { fetchAccount } from './account-request';

/** Errors from better-auth ({message, code}) and from our routes ({error}) read the same way. */
export class AuthRequestError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly code?: string,
  ) {
    super(message);
  }
}

async function postJson<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const message = typeof data.error === 'string' ? data.error : typeof data.message === 'string' ? data.message : 'Something went wrong. Please try again.';
    throw new AuthRequestError(friendlyAuthMessage(message, response.status), response.status, typeof data.code === 'string' ? data.code : undefined);
  }
  return data as T;
}

/** better-auth's texts are written for developers; these are for a stressed student. */
function friendlyAuthMessage(message: string, status: number): string {
  if (status === 429 && /too many requests/i.test(message)) return 'Too many attempts from this connection. Wait a minute and try again.';
  if (/invalid email or password/i.test(message)) return 'That e-mail and password do not match an account.';
  if (/invalid (token|code)/i.test(message)) return 'That code is not right. Check your authenticator app and try again.';
  return message;
}

export type SignInResult = { twoFactorRequired: boolean };

export async function signInWithEmail(email: string, password: string): Promise<SignInResult> {
  const data = await postJson<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', { email, password });
  return { twoFactorRequired: data.twoFactorRedirect === true };
}

/** The answer is the same for a new address and a taken one (the session token only ever travels in its cookie). */
export const signUpWithEmail = (name: string, email: string, password: string) =>
  postJson<{ user: { id: string } }>('/api/auth/sign-up/email', { name, email, password });

export const signOut = () => postJson('/api/auth/sign-out', {});

export const ensureStudentRole = () => postJson<{ roles: string[] }>('/api/account/ensure-student-role', {});

export const requestPasswordReset = (email: string) =>
  postJson('/api/auth/request-password-reset', { email, redirectTo: `${window.location.origin}/reset-password` });

/** A refused token is an old or used link, not a wrong authenticator code: say so. */
export const resetPassword = (token: string, newPassword: string) =>
  postJson('/api/auth/reset-password', { token, newPassword }).catch((error: unknown) => {
    if (error instanceof AuthRequestError && error.code === 'INVALID_TOKEN') {
      throw new AuthRequestError('This reset link has expired or was already used. Ask for a new one.', error.status, error.code);
    }
    throw error;
  });

export const verifyTotp = (code: string) => postJson('/api/auth/two-factor/verify-totp', { code: code.replace(/\s/g, '') });
export const verifyBackupCode = (code: string) => postJson('/api/auth/two-factor/verify-backup-code', { code: code.trim() });

export const enableTwoFactor = (password: string) =>
  postJson<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', { password });

/** Admin Login through the school's OpenID Connect provider: the browser is sent there and back to /admin. */
export async function startSchoolSignIn(callbackPath = '/admin'): Promise<void> {
  const data = await postJson<{ url?: string }>('/api/auth/sign-in/social', { provider: 'school-sso', callbackURL: callbackPath });
  if (!data.url) throw new AuthRequestError('The school sign-in is not available right now.', 502);
  window.location.assign(data.url);
}
