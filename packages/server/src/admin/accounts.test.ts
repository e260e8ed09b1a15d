import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { adminMessages } from './admin-messages.js';
import { SESSION_COOKIE, sessionCookieOptions } from './admin-session.js';
import { accountWithSession, Browser, PASSWORD, sharedStateWithLimits } from './admin-test-kit.js';

const DAY = 86_400_000;

describe('session cookie', () => {
  it('is httpOnly, SameSite=Lax, on every path, and Secure only over https', () => {
    const http = sessionCookieOptions({ protocol: 'http' } as never, 60);
    expect(http).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/', secure: false, maxAge: 60 });
    expect(sessionCookieOptions({ protocol: 'https' } as never, 60).secure).toBe(true);
  });
});

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let emailCounter = 0;
  const newEmail = () => `konto-${++emailCounter}-${Date.now()}@example.test`;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    app = await buildApp({
      storage,
      logLevel: 'silent',
      shared: sharedStateWithLimits({
        'admin-sign-up-ip': { limit: 1000, windowMs: 60_000 },
        'admin-sign-in-ip': { limit: 6, windowMs: 60_000 },
      }),
    });
  });
  afterAll(() => app?.close());

  /** The link of the newest sign-up mail sent to `email`. */
  async function mailLink(email: string, kind = 'owner-verification'): Promise<URL> {
    const mails = await storage.outbox.listPlatform({ kind });
    const mail = mails.find((m) => m.to === email.trim().toLowerCase());
    expect(mail, `${kind} mail to ${email}`).toBeDefined();
    return new URL(mail!.text.match(/https?:\/\/\S+/)![0]);
  }

  /** Signs up and opens the mail's link in the same browser, as an owner does. */
  async function signUpConfirmed(browser: Browser, email: string, name: string) {
    await browser.post('/api/admin/accounts', { email, password: PASSWORD, name });
    const link = await mailLink(email);
    return browser.post('/api/admin/accounts/verify', { token: link.searchParams.get('token') });
  }

  it('signs up through the mail link with an argon2id hash and a session cookie, and knows who is signed in', async () => {
    const browser = new Browser(app);
    const email = newEmail();
    const asked = await browser.post('/api/admin/accounts', {
      email: ` ${email.toUpperCase()} `,
      password: PASSWORD,
      name: 'Grete Gründerin',
    });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ checkMail: true, message: adminMessages.checkMail });
    expect(browser.sessionToken).toBeUndefined();
    expect(await storage.accounts.findByEmail(email)).toBeUndefined();

    const link = await mailLink(email);
    expect(`${link.origin}${link.pathname}`).toBe(`${app.editorBaseUrl}/config/konto-bestaetigen`);
    const created = await browser.post('/api/admin/accounts/verify', {
      token: link.searchParams.get('token'),
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      account: { id: expect.any(String), email, name: 'Grete Gründerin', createdAt: expect.any(Number) },
      sites: [],
    });
    const cookie = created.response.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 86_400 });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const hash = await storage.accounts.passwordHashOf(created.body.account.id);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain(PASSWORD);

    const me = await browser.get('/api/admin/session');
    expect(me.status).toBe(200);
    expect(me.body.account.email).toBe(email);
  });

  it('Sign-up enumeration (#18): a taken and a new address get the same status, body and headers, and no session', async () => {
    const taken = newEmail();
    await signUpConfirmed(new Browser(app), taken, 'Eins');
    const answers = [];
    for (const email of [taken.toUpperCase(), newEmail()]) {
      const browser = new Browser(app);
      const answer = await browser.post('/api/admin/accounts', { email, password: PASSWORD, name: 'Zwei' });
      answers.push({ status: answer.status, body: answer.body, browser, headers: answer.response.headers });
    }
    const [forTaken, forNew] = answers;
    expect(forTaken!.status).toBe(202);
    expect(forTaken!.status).toBe(forNew!.status);
    expect(forTaken!.body).toEqual(forNew!.body);
    const shape = (h: Record<string, unknown>) =>
      Object.keys(h)
        .filter((k) => !['date', 'content-length', 'x-request-id'].includes(k))
        .sort()
        .map((k) => (k === 'set-cookie' ? `${k}=${String(h[k]).replace(/=[^;]*/g, '')}` : `${k}=${h[k]}`));
    expect(shape(forTaken!.headers)).toEqual(shape(forNew!.headers));
    expect(forTaken!.headers['set-cookie'] ?? '').not.toContain(SESSION_COOKIE);
    expect(forTaken!.browser.sessionToken).toBeUndefined();
    expect(forNew!.browser.sessionToken).toBeUndefined();
  });

  it('Sign-up enumeration (#18): the holder of a taken address gets the "someone tried" mail and keeps the password', async () => {
    const email = newEmail();
    await signUpConfirmed(new Browser(app), email, 'Halterin');
    await new Browser(app).post('/api/admin/accounts', {
      email,
      password: 'anderes-passwort-1',
      name: 'Fremd',
    });
    const [note] = (await storage.outbox.listPlatform({ kind: 'owner-sign-up-taken' })).filter(
      (m) => m.to === email,
    );
    expect(note?.subject).toBe('Jemand wollte mit deiner Adresse ein Baukasten-Konto anlegen');
    expect(note?.text).toContain('Hallo Halterin,');
    expect(note?.text).toContain(`${app.editorBaseUrl}/config/anmelden`);
    // No second verification link went out for the taken address.
    expect(
      (await storage.outbox.listPlatform({ kind: 'owner-verification' })).filter((m) => m.to === email),
    ).toHaveLength(1);
    expect(
      (await new Browser(app).post('/api/admin/session', { email, password: 'anderes-passwort-1' })).status,
    ).toBe(401);
    expect((await new Browser(app).post('/api/admin/session', { email, password: PASSWORD })).status).toBe(
      200,
    );
  });

  it("Sign-up enumeration (#18): the new address's link signs in exactly once, with the password it was asked with", async () => {
    const email = newEmail();
    await new Browser(app).post('/api/admin/accounts', { email, password: PASSWORD, name: 'Erste' });
    const first = (await mailLink(email)).searchParams.get('token');
    // Someone else signs the same address up again before it is confirmed: another link, its own password.
    await new Browser(app).post('/api/admin/accounts', {
      email,
      password: 'fremdes-passwort-1',
      name: 'Fremd',
    });
    const mails = (await storage.outbox.listPlatform({ kind: 'owner-verification' })).filter(
      (m) => m.to === email,
    );
    expect(mails).toHaveLength(2);

    const opener = new Browser(app);
    const opened = await opener.post('/api/admin/accounts/verify', { token: first });
    expect(opened.status).toBe(201);
    expect(opener.sessionToken).toBeDefined();
    const again = new Browser(app);
    const reused = await again.post('/api/admin/accounts/verify', { token: first });
    expect(reused.status).toBe(410);
    expect(reused.body.error).toEqual({ type: 'LINK_INVALID', message: adminMessages.signUpLinkInvalid });
    expect(again.sessionToken).toBeUndefined();
    // The other link finds the account made and makes nothing, so its password never counts.
    const second = new URL(mails[0]!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token');
    expect((await new Browser(app).post('/api/admin/accounts/verify', { token: second })).status).toBe(410);
    expect(
      (await new Browser(app).post('/api/admin/session', { email, password: 'fremdes-passwort-1' })).status,
    ).toBe(401);
    expect((await new Browser(app).post('/api/admin/accounts/verify', { token: 'kaputt' })).status).toBe(410);
  });

  it('Sign-up enumeration (#18): an unconfirmed sign-up cannot sign in, answered like an unknown address', async () => {
    const email = newEmail();
    await new Browser(app).post('/api/admin/accounts', { email, password: PASSWORD, name: 'Wartend' });
    const waiting = await new Browser(app).post('/api/admin/session', { email, password: PASSWORD });
    const unknown = await new Browser(app).post('/api/admin/session', {
      email: newEmail(),
      password: PASSWORD,
    });
    expect(waiting.status).toBe(401);
    expect(waiting.body).toEqual(unknown.body);
    expect(waiting.body.error.message).toBe(adminMessages.wrongCredentials);
  });

  it('R5.12.1 refuses bad sign-up input with German messages per field', async () => {
    const browser = new Browser(app);
    const bad = await browser.post('/api/admin/accounts', { email: 'kein-at', password: 'kurz', name: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual({
      type: 'INVALID_INPUT',
      message: adminMessages.emailInvalid,
      fields: {
        email: adminMessages.emailInvalid,
        password: 'Das Passwort muss mindestens 10 Zeichen lang sein.',
        name: adminMessages.nameMissing,
      },
    });
    const nothing = await browser.post('/api/admin/accounts', {});
    expect(nothing.status).toBe(400);
    expect(Object.keys(nothing.body.error.fields)).toEqual(['email', 'password', 'name']);
    const wrongTypes = await browser.post('/api/admin/accounts', { email: 5, password: ['x'], name: {} });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body.error.message).toBe(adminMessages.emailInvalid);
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/admin/accounts',
      headers: {
        host: 'admin.localhost',
        'content-type': 'application/json',
        cookie: `crumb=${browser.cookies.get('crumb')}`,
        'x-csrf-token': browser.cookies.get('crumb')!,
      },
      payload: '{kaputt',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.type).toBe('BAD_REQUEST');
    expect(browser.sessionToken).toBeUndefined();
  });

  it('refuses state-changing calls without the crumb', async () => {
    const browser = new Browser(app, { crumb: false });
    const answer = await browser.post('/api/admin/accounts', {
      email: newEmail(),
      password: PASSWORD,
      name: 'X',
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error.type).toBe('CRUMB_FAILED');
  });

  it('answers 401 to "who am I" without a session, with a forged one, or an expired one', async () => {
    const nobody = await new Browser(app).get('/api/admin/session');
    expect(nobody.status).toBe(401);
    expect(nobody.body.error).toEqual({ type: 'SIGN_IN_REQUIRED', message: adminMessages.signInRequired });

    const forged = new Browser(app);
    forged.cookies.set(SESSION_COOKIE, 'A'.repeat(43));
    expect((await forged.get('/api/admin/session')).status).toBe(401);

    const { account, browser } = await accountWithSession(app, storage, 'Abgelaufen');
    const { token } = await storage.accounts.startSession(account.id, {
      ttlMs: DAY,
      now: Date.now() - 2 * DAY,
    });
    browser.cookies.set(SESSION_COOKIE, token);
    expect((await browser.get('/api/admin/session')).status).toBe(401);
  });

  it('signs in with a fresh session, and the same 401 text for a wrong password and an unknown email', async () => {
    const email = newEmail();
    const signUp = new Browser(app);
    await signUpConfirmed(signUp, email, 'Paula');
    const firstToken = signUp.sessionToken;

    const wrong = await new Browser(app).post('/api/admin/session', { email, password: 'falsch-falsch' });
    const unknown = await new Browser(app).post('/api/admin/session', {
      email: newEmail(),
      password: PASSWORD,
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error.message).toBe(adminMessages.wrongCredentials);

    const signIn = await signUp.post('/api/admin/session', {
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.account.email).toBe(email);
    expect(signUp.sessionToken).not.toBe(firstToken);
    // Signing in again ended the browser's previous session.
    expect(await storage.accounts.findSession(firstToken!)).toBeUndefined();
  });

  it('signs out: the cookie is cleared and the session no longer works anywhere', async () => {
    const { browser } = await accountWithSession(app, storage, 'Abmelden');
    const token = browser.sessionToken!;
    const out = await browser.delete('/api/admin/session');
    expect(out.status).toBe(200);
    expect(browser.sessionToken).toBeUndefined();
    const replay = new Browser(app);
    replay.cookies.set(SESSION_COOKIE, token);
    expect((await replay.get('/api/admin/session')).status).toBe(401);
  });

  it('slides the expiry: a session in use is extended to 30 days and its cookie renewed', async () => {
    const { account, browser } = await accountWithSession(app, storage, 'Gleitend');
    const { token } = await storage.accounts.startSession(account.id, { ttlMs: 2 * DAY });
    browser.cookies.set(SESSION_COOKIE, token);
    const answer = await browser.get('/api/admin/session');
    expect(answer.status).toBe(200);
    expect(answer.response.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe(token);
    const session = await storage.accounts.findSession(token);
    expect(session!.session.expiresAt).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it('stops guessing one email after 10 attempts with 429, even with the right password', async () => {
    const email = newEmail();
    await signUpConfirmed(new Browser(app), email, 'Ziel');
    // Attempts from many addresses, so only the per-email limit can stop them.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const attempt = await new Browser(app, { ip: `10.0.0.${i + 1}` }).post('/api/admin/session', {
        email,
        password: `falsch-${i}-xxxxx`,
      });
      statuses.push(attempt.status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const blocked = await new Browser(app, { ip: '10.0.1.1' }).post('/api/admin/session', {
      email,
      password: PASSWORD,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toEqual({
      type: 'TOO_MANY_SIGN_INS',
      message: 'Zu viele Anmeldeversuche. Bitte warte einen Moment.',
    });
  });

  it('stops one address trying many emails with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const attempt = await new Browser(app, { ip: '10.9.9.9' }).post('/api/admin/session', {
        email: newEmail(),
        password: PASSWORD,
      });
      statuses.push(attempt.status);
    }
    // The test's limit for one address is 6 attempts.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
  });

  it('changes the password with the old one, ends other sessions and keeps this one', async () => {
    const email = newEmail();
    const here = new Browser(app);
    await signUpConfirmed(here, email, 'Wechsel');
    const elsewhere = new Browser(app);
    await elsewhere.post('/api/admin/session', { email, password: PASSWORD });
    expect((await elsewhere.get('/api/admin/session')).status).toBe(200);

    const wrongOld = await here.post('/api/admin/account/password', {
      currentPassword: 'nicht-das-alte',
      newPassword: 'ganz-neues-passwort',
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.error.fields).toEqual({ currentPassword: adminMessages.wrongCurrentPassword });
    const tooShort = await here.post('/api/admin/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'kurz',
    });
    expect(tooShort.body.error.fields).toEqual({ newPassword: adminMessages.passwordTooShort });

    const changed = await here.post('/api/admin/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'ganz-neues-passwort',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ changed: true, endedSessions: 1 });
    expect((await here.get('/api/admin/session')).status).toBe(200);
    expect((await elsewhere.get('/api/admin/session')).status).toBe(401);

    expect((await new Browser(app).post('/api/admin/session', { email, password: PASSWORD })).status).toBe(
      401,
    );
    expect(
      (await new Browser(app).post('/api/admin/session', { email, password: 'ganz-neues-passwort' })).status,
    ).toBe(200);
  });

  it('needs a session to change a password', async () => {
    const answer = await new Browser(app).post('/api/admin/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'ganz-neues-passwort',
    });
    expect(answer.status).toBe(401);
  });
});
