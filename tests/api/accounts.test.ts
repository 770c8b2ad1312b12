import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from 'better-auth/crypto';
import { grantAdminToListedEmails } from '../../src/server/auth/admin-emails';
import { MAX_FAILED_SIGN_INS_PER_HOUR } from '../../src/server/auth/sign-in-guard';
import { startServices } from '../../src/server/bootstrap';
import { bearerTokenFrom, cookieHeaderFrom, createTestApp, jsonRequest, mailsTo, signUp, signUpAdmin, TEST_APP_URL, type TestApp } from '../support/test-app';
import { secretFromTotpUri, totpCode } from '../support/totp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'dean@school.edu' });
});
afterAll(async () => {
  await t?.close();
});

const me = (cookie?: string) => t.app.request('/api/account/me', { headers: cookie ? { cookie } : {} });
const signIn = (email: string, password: string) => t.app.request('/api/auth/sign-in/email', jsonRequest('POST', { email, password }));

describe('sign-up and roles', () => {
  it('makes every new account a student, never an admin', async () => {
    const student = await signUp(t);
    const response = await me(student.cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email: student.email, roles: ['student'], twoFactorEnabled: false });
  });

  it('cannot be talked into the admin role through the sign-up body', async () => {
    const response = await t.app.request(
      '/api/auth/sign-up/email',
      jsonRequest('POST', { email: 'sneaky@example.edu', password: 'long enough pw', name: 'Sneaky', role: 'admin' }),
    );
    const [user] = await t.deps.db.query<{ role: string }>(`select role from "user" where email = 'sneaky@example.edu'`);
    expect(response.status === 200 ? user?.role : 'refused').not.toContain('admin');
  });

  it('gives the admin role to an ADMIN_EMAILS address only once its owner opens the link mailed to it', async () => {
    const dean = await signUp(t, { email: 'Dean@School.edu' });
    // Whoever signs up with a listed address is a student until the mailbox is proven theirs.
    expect(await (await me(dean.cookie)).json()).toMatchObject({ roles: ['student'] });
    const [mail] = await t.deps.db.query<{ text_body: string }>(`select text_body from mail_outbox where to_address = 'dean@school.edu' order by created_at desc`);
    expect(mail?.text_body).toMatch(/listed as a Crosswalk administrator/);
    const link = new URL(mail!.text_body.match(/https?:\/\/\S+/)![0]);
    const verify = await t.app.request(link.pathname + link.search);
    expect(verify.status).toBeLessThan(400);
    expect(await (await me(dean.cookie)).json()).toMatchObject({ roles: ['admin', 'student'] });
    const audit = await t.deps.db.query<{ action: string }>(`select action from audit_log where subject_id = $1`, [dean.id]);
    expect(audit).toEqual([{ action: 'role_granted' }]);
    // Addresses that are not listed are not sent anything.
    const student = await signUp(t);
    expect(await t.deps.db.query(`select 1 from mail_outbox where to_address = $1`, [student.email])).toEqual([]);
  });

  it('grants the role at start only to listed accounts whose address is verified', async () => {
    const unverified = await signUp(t, { email: 'registrar@school.edu' });
    await grantAdminToListedEmails(t.deps.db, ['registrar@school.edu'], t.deps.logger);
    expect(await (await me(unverified.cookie)).json()).toMatchObject({ roles: ['student'] });
    await t.deps.db.query(`update "user" set "emailVerified" = true where id = $1`, [unverified.id]);
    await grantAdminToListedEmails(t.deps.db, ['registrar@school.edu'], t.deps.logger);
    expect(await (await me(unverified.cookie)).json()).toMatchObject({ roles: ['admin', 'student'] });
  });

  it('keeps a role an admin removed removed, across restarts and later changes to the account: the audit log is the truth', async () => {
    const school = await createTestApp({ ADMIN_EMAILS: 'provost@school.edu' });
    try {
      const meAt = async (cookie: string) => (await (await school.app.request('/api/account/me', { headers: { cookie } })).json()) as { roles: string[] };
      const provost = await signUp(school, { email: 'provost@school.edu' });
      const [mail] = await mailsTo(school, provost.email);
      const link = new URL(mail!.text.match(/https?:\/\/\S+/)![0]);
      expect((await school.app.request(link.pathname + link.search)).status).toBeLessThan(400);
      expect(await meAt(provost.cookie)).toMatchObject({ roles: ['admin', 'student'] });

      const colleague = await signUpAdmin(school);
      const revoke = await school.app.request('/api/admin/users/role', jsonRequest('POST', { userId: provost.id, role: 'admin', action: 'revoke' }, colleague.cookie));
      expect(revoke.status).toBe(200);
      expect(await meAt(provost.cookie)).toMatchObject({ roles: ['student'] });

      // A restart runs the start-up grant again, with the address still listed.
      await startServices(school.deps.config, { db: school.deps.db, logger: school.deps.logger });
      expect(await meAt(provost.cookie)).toMatchObject({ roles: ['student'] });
      // So does any later change to the account (better-auth's update hook).
      const renamed = await school.app.request('/api/auth/update-user', jsonRequest('POST', { name: 'Provost Pat' }, provost.cookie));
      expect(renamed.status).toBe(200);
      expect(await meAt(provost.cookie)).toMatchObject({ roles: ['student'] });
      const history = await school.deps.db.query<{ action: string; actor_email: string | null }>(
        `select action, actor_email from audit_log where subject_id = $1 order by created_at, id`,
        [provost.id],
      );
      expect(history).toEqual([
        { action: 'role_granted', actor_email: 'ADMIN_EMAILS' },
        { action: 'role_revoked', actor_email: colleague.email },
      ]);
      // An admin may still give it back, on Settings, audited like any change.
      const grant = await school.app.request('/api/admin/users/role', jsonRequest('POST', { userId: provost.id, role: 'admin', action: 'grant' }, colleague.cookie));
      expect(grant.status).toBe(200);
      expect((await meAt(provost.cookie)).roles.sort()).toEqual(['admin', 'student']);
    } finally {
      await school.close();
    }
  }, 120_000);

  it('adds the student role when the hub loads for an account without it', async () => {
    const account = await signUp(t);
    await t.deps.db.query(`update "user" set role = '' where id = $1`, [account.id]);
    const response = await t.app.request('/api/account/ensure-student-role', jsonRequest('POST', {}, account.cookie));
    expect(await response.json()).toEqual({ roles: ['student'] });
  });

  it('answers 401 to a signed-out visitor asking who they are', async () => {
    expect((await me()).status).toBe(401);
  });
});

describe('sign-in, sign-out and bearer tokens', () => {
  it('signs in with the password, accepts the session cookie\'s value as a bearer token, and ends the session on sign-out', async () => {
    const account = await signUp(t);
    const response = await signIn(account.email, account.password);
    expect(response.status).toBe(200);
    const cookie = cookieHeaderFrom(response);
    const byBearer = await t.app.request('/api/account/me', { headers: { authorization: `Bearer ${bearerTokenFrom(cookie)}` } });
    expect(byBearer.status).toBe(200);
    const out = await t.app.request('/api/auth/sign-out', jsonRequest('POST', {}, cookie));
    expect(out.status).toBe(200);
    expect((await me(cookie)).status).toBe(401);
  });

  it('replaces a password hash written the old way (scrypt) with an Argon2id one at the next sign-in', async () => {
    const account = await signUp(t);
    const [fresh] = await t.deps.db.query<{ password: string }>(`select password from account where "userId" = $1`, [account.id]);
    expect(fresh?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await t.deps.db.query(`update account set password = $2 where "userId" = $1`, [account.id, await hashPassword(account.password)]);
    expect((await signIn(account.email, 'not the password')).status).toBe(401);
    expect((await signIn(account.email, account.password)).status).toBe(200);
    const [upgraded] = await t.deps.db.query<{ password: string }>(`select password from account where "userId" = $1`, [account.id]);
    expect(upgraded?.password).toMatch(/^\$argon2id\$/);
    expect((await signIn(account.email, account.password)).status).toBe(200);
  });

  it('refuses a wrong password and counts the failure against the account', async () => {
    const account = await signUp(t);
    const response = await signIn(account.email, 'not the password');
    expect(response.status).toBe(401);
    const [row] = await t.deps.db.query<{ n: number }>(`select count(*)::int as n from sign_in_failures where email_normalized = $1`, [account.email]);
    expect(row?.n).toBe(1);
  });

  it(`locks an account after ${MAX_FAILED_SIGN_INS_PER_HOUR} failures in an hour, even with the right password`, async () => {
    const account = await signUp(t);
    await t.deps.db.query(
      `insert into sign_in_failures (email_normalized, ip_address) select $1, '10.0.0.' || (i % 250) from generate_series(1, $2::int) as i`,
      [account.email, MAX_FAILED_SIGN_INS_PER_HOUR],
    );
    const response = await signIn(account.email, account.password);
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ error: expect.stringContaining('Too many failed sign-in attempts') });
  });
});

describe('password reset by e-mail', () => {
  it('sends a link to the outbox that sets a new password', async () => {
    const account = await signUp(t);
    const request = await t.app.request(
      '/api/auth/request-password-reset',
      jsonRequest('POST', { email: account.email, redirectTo: `${TEST_APP_URL}/reset-password` }),
    );
    expect(request.status).toBe(200);
    const [mail] = await t.deps.db.query<{ text_body: string }>(
      `select text_body from mail_outbox where to_address = $1 and category = 'password-reset'`,
      [account.email],
    );
    const link = mail?.text_body.match(/https?:\/\/\S+/)?.[0];
    expect(link).toBeTruthy();
    const follow = await t.app.request(new URL(link ?? '').pathname + new URL(link ?? '').search);
    expect(follow.status).toBe(302);
    const token = new URL(follow.headers.get('location') ?? '', TEST_APP_URL).searchParams.get('token');
    expect(token).toBeTruthy();
    const reset = await t.app.request('/api/auth/reset-password', jsonRequest('POST', { token, newPassword: 'a brand new password' }));
    expect(reset.status).toBe(200);
    expect((await signIn(account.email, account.password)).status).toBe(401);
    expect((await signIn(account.email, 'a brand new password')).status).toBe(200);
  });
});

describe('admin role management', () => {
  it('refuses admin calls signed out (401), as a student (403) and as an admin without two-factor (403)', async () => {
    expect((await t.app.request('/api/admin/users')).status).toBe(401);
    const student = await signUp(t);
    expect((await t.app.request('/api/admin/users', { headers: { cookie: student.cookie } })).status).toBe(403);
    const adminWithoutMfa = await signUp(t);
    await t.deps.db.query(`update "user" set role = 'admin,student' where id = $1`, [adminWithoutMfa.id]);
    const response = await t.app.request('/api/admin/users', { headers: { cookie: adminWithoutMfa.cookie } });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'MFA_REQUIRED' });
  });

  it('lets an admin with two-factor grant and remove the admin role, written to the audit log', async () => {
    const admin = await signUpAdmin(t);
    const student = await signUp(t);
    const grant = await t.app.request('/api/admin/users/role', jsonRequest('POST', { userId: student.id, role: 'admin', action: 'grant' }, admin.cookie));
    expect(grant.status).toBe(200);
    expect(await grant.json()).toMatchObject({ user: { id: student.id, roles: expect.arrayContaining(['admin', 'student']) } });
    const revoke = await t.app.request('/api/admin/users/role', jsonRequest('POST', { userId: student.id, role: 'admin', action: 'revoke' }, admin.cookie));
    expect(await revoke.json()).toMatchObject({ user: { roles: ['student'] } });
    const audit = await t.deps.db.query<{ action: string; actor_id: string }>(
      `select action, actor_id from audit_log where subject_id = $1 order by id`,
      [student.id],
    );
    expect(audit).toEqual([
      { action: 'role_granted', actor_id: admin.id },
      { action: 'role_revoked', actor_id: admin.id },
    ]);
  });

  it('does not let an admin remove their own admin role', async () => {
    const admin = await signUpAdmin(t);
    const response = await t.app.request('/api/admin/users/role', jsonRequest('POST', { userId: admin.id, role: 'admin', action: 'revoke' }, admin.cookie));
    expect(response.status).toBe(400);
  });

  it('refuses a non-JSON body (415) and names a bad field (400)', async () => {
    const admin = await signUpAdmin(t);
    const wrongType = await t.app.request('/api/admin/users/role', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: TEST_APP_URL, cookie: admin.cookie },
      body: 'userId=x',
    });
    expect(wrongType.status).toBe(415);
    const badField = await t.app.request('/api/admin/users/role', jsonRequest('POST', { userId: 'x', role: 'owner', action: 'grant' }, admin.cookie));
    expect(badField.status).toBe(400);
    expect(await badField.json()).toMatchObject({ error: expect.stringContaining('role') });
  });

  it("keeps better-auth's unaudited admin routes closed", async () => {
    const admin = await signUpAdmin(t);
    const response = await t.app.request('/api/auth/admin/set-role', jsonRequest('POST', { userId: admin.id, role: 'admin' }, admin.cookie));
    expect(response.status).toBe(404);
  });
});

describe('two-factor authentication for admins', () => {
  it('enrols TOTP, then asks for a code at the next sign-in', async () => {
    const account = await signUp(t);
    await t.deps.db.query(`update "user" set role = 'admin,student' where id = $1`, [account.id]);
    const enable = await t.app.request('/api/auth/two-factor/enable', jsonRequest('POST', { password: account.password }, account.cookie));
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    expect(backupCodes.length).toBeGreaterThan(5);
    const secret = secretFromTotpUri(totpURI);
    const verify = await t.app.request('/api/auth/two-factor/verify-totp', jsonRequest('POST', { code: totpCode(secret) }, account.cookie));
    expect(verify.status).toBe(200);
    const cookie = cookieHeaderFrom(verify) || account.cookie;
    expect((await t.app.request('/api/admin/users', { headers: { cookie } })).status).toBe(200);

    const again = await signIn(account.email, account.password);
    expect(await again.json()).toMatchObject({ twoFactorRedirect: true });
    const challenge = cookieHeaderFrom(again);
    const second = await t.app.request('/api/auth/two-factor/verify-totp', jsonRequest('POST', { code: totpCode(secret) }, challenge));
    expect(second.status).toBe(200);
    expect((await t.app.request('/api/admin/users', { headers: { cookie: cookieHeaderFrom(second) } })).status).toBe(200);
  });
});

describe('per-address rate limits', () => {
  it('slow down many sign-ins from one address, and a client cannot dodge that with its own forwarded header', async () => {
    const strict = await createTestApp({ TRUSTED_PROXY_HEADER: '' });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 35; attempt++) {
        const response = await strict.app.request('/api/auth/sign-in/email', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: TEST_APP_URL, 'x-forwarded-for': `192.0.2.${attempt}`, 'x-real-ip': `192.0.2.${attempt}` },
          body: JSON.stringify({ email: `nobody${attempt}@example.edu`, password: 'wrong password' }),
        });
        statuses.push(response.status);
      }
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    } finally {
      await strict.close();
    }
  });
});
