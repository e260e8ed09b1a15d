import { shouldRecordCensusHit } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { hashPassword } from '../admin/passwords.js';
import { buildApp } from '../app.js';
import { createTestShop, germanAddress, type TestShop, Visitor } from '../commerce/test-shop.js';
import { RestockService } from '../restock/restock-service.js';

const HOST = 'kundenladen.test';
const OTHER_HOST = 'nachbarladen.test';
const PASSWORD = 'sicheres-passwort-1';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let other: TestShop;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    // The shop asks visitors for a captcha on restock sign-ups; signed-in customers need none.
    shop = await createTestShop(storage, HOST, 10, { captchaSettings: { siteKey: 'schluessel' } });
    other = await createTestShop(storage, OTHER_HOST);
    app = await buildApp({
      storage,
      logLevel: 'silent',
      // More sign-ups than one address may make in an hour: every test signs someone up.
      shared: sharedStateWithLimits({ 'customer-sign-up-ip': { limit: 1000, windowMs: 60_000 } }),
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const visitor = (host = HOST) => new Visitor(app, host).start();

  /** The newest link of this kind the shop queued for `to`. */
  async function mailLink(websiteId: string, kind: string, to: string, path: string) {
    const mails = await storage.outbox.listByWebsite(websiteId, { kind });
    const mail = mails.find((m) => m.to === to);
    const match = mail && new RegExp(`https?://[^/\\s]+(${path}\\?token=[\\w%-]+)`).exec(mail.text);
    if (!match) throw new Error(`no ${path} link for ${to}`);
    return match[1]!;
  }

  async function verify(v: Visitor, email: string, websiteId = shop.websiteId) {
    const link = await mailLink(websiteId, 'customer-verification', email, '/account/bestaetigen');
    return v.request('GET', link);
  }

  /** Signs up with the form and opens the mail's link in the same browser; `res` is the link's answer. */
  async function signUp(email: string, host = HOST, name = 'Kim Kundin') {
    const v = await visitor(host);
    const asked = await v.form('/account/registrieren', { name, email, password: PASSWORD });
    expect(asked.headers.location).toBe('/account/anmelden?hinweis=CHECK_MAIL');
    const site = host === HOST ? shop : other;
    const res = await verify(v, email, site.websiteId);
    expect(res.statusCode).toBe(303);
    return { v, res };
  }

  const pageJson = async (v: Visitor, path: string) => {
    const res = await v.request('GET', `${path}?format=json`);
    return { status: res.statusCode, body: res.json() };
  };

  it('R6.1.2 R3.12.1 signs up with a German form and the mail link: httpOnly session, readable authenticated and siteUserId cookies', async () => {
    const { v, res } = await signUp('neu@example.de');
    expect(res.headers.location).toBe('/account?hinweis=SIGNED_UP');
    const cookies = new Map(res.cookies.map((c) => [c.name, c]));
    expect(cookies.get('bk_customer')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookies.get('authenticated')).toMatchObject({ value: 'true' });
    expect(cookies.get('authenticated')?.httpOnly).toBeFalsy();
    const siteUserId = cookies.get('siteUserId')?.value;
    expect(siteUserId).toMatch(/^[0-9a-f]{24}$/);
    const overview = await v.request('GET', res.headers.location as string);
    expect(overview.statusCode).toBe(200);
    expect(overview.body).toContain('Willkommen! Deine E-Mail-Adresse ist bestätigt');
    expect(overview.body).not.toContain('Bitte bestätige deine E-Mail-Adresse');
    const { body } = await pageJson(v, '/account');
    expect(body.customer).toMatchObject({ siteUserId, email: 'neu@example.de', emailVerified: true });
    expect(JSON.stringify(body)).not.toContain('argon2');

    // On another website the same email is a new, separate account.
    const elsewhere = await signUp('neu@example.de', OTHER_HOST);
    expect(elsewhere.res.headers.location).toBe('/account?hinweis=SIGNED_UP');
    // The first site's password does not open the second site's account with another password.
    const wrongSite = await (await visitor(OTHER_HOST)).request('POST', '/account/anmelden', {
      email: 'neu@example.de',
      password: 'ein-ganz-anderes-pw',
    });
    expect(wrongSite.statusCode).toBe(401);
  });

  /** What a client can tell apart in an answer: status, where it leads, body, header names, cookies set. */
  const visible = (res: Awaited<ReturnType<Visitor['request']>>) => ({
    status: res.statusCode,
    location: res.headers.location,
    body: res.body,
    headers: Object.keys(res.headers)
      .filter((h) => !['date', 'content-length'].includes(h))
      .sort(),
    cookies: res.cookies.map((c) => c.name).sort(),
  });

  it('Sign-up enumeration (#18): a taken and a new address get the same answer and no session, as form post and as JSON', async () => {
    await signUp('vergeben@example.de');
    const answers: Record<string, ReturnType<typeof visible>[]> = { form: [], json: [] };
    for (const email of ['VERGEBEN@example.de', 'frei-form@example.de']) {
      const v = await visitor();
      const res = await v.form('/account/registrieren', { name: 'X', email, password: PASSWORD });
      answers.form!.push(visible(res));
      expect(v.cookies.has('bk_customer'), email).toBe(false);
    }
    for (const email of ['vergeben@example.de', 'frei-json@example.de']) {
      const v = await visitor();
      const res = await v.request('POST', '/account/registrieren', { name: 'X', email, password: PASSWORD });
      answers.json!.push(visible(res));
      expect(v.cookies.has('bk_customer'), email).toBe(false);
    }
    expect(answers.form![0]).toEqual(answers.form![1]);
    expect(answers.form![0]).toMatchObject({ status: 303, location: '/account/anmelden?hinweis=CHECK_MAIL' });
    expect(answers.form![0]!.cookies).not.toContain('bk_customer');
    expect(answers.json![0]).toEqual(answers.json![1]);
    expect(answers.json![0]!.status).toBe(200);
    expect(JSON.parse(answers.json![0]!.body)).toEqual({
      ok: true,
      message: expect.stringContaining('Prüfe dein Postfach'),
    });
    const page = await (await visitor()).request('GET', '/account/anmelden?hinweis=CHECK_MAIL');
    expect(page.body).toContain('Prüfe dein Postfach');
  });

  it('Sign-up enumeration (#18): the holder of a taken address gets the "someone tried" mail and keeps the password', async () => {
    await signUp('halterin@example.de', HOST, 'Hanna');
    await (await visitor()).form('/account/registrieren', {
      name: 'Fremd',
      email: 'halterin@example.de',
      password: 'fremdes-passwort-1',
    });
    const notes = await storage.outbox.listByWebsite(shop.websiteId, { kind: 'customer-sign-up-taken' });
    const note = notes.find((m) => m.to === 'halterin@example.de');
    expect(note?.subject).toContain('Jemand wollte mit deiner Adresse ein Kundenkonto');
    expect(note?.text).toContain('Hallo Hanna,');
    expect(note?.text).toMatch(/https?:\/\/kundenladen\.test(:\d+)?\/account\/anmelden/);
    expect(note?.text).toMatch(/https?:\/\/kundenladen\.test(:\d+)?\/account\/passwort-vergessen/);
    const verifications = await storage.outbox.listByWebsite(shop.websiteId, {
      kind: 'customer-verification',
    });
    expect(verifications.filter((m) => m.to === 'halterin@example.de')).toHaveLength(1);
    const stranger = await (await visitor()).request('POST', '/account/anmelden', {
      email: 'halterin@example.de',
      password: 'fremdes-passwort-1',
    });
    expect(stranger.statusCode).toBe(401);
  });

  it("Sign-up enumeration (#18): the new address's link signs in exactly once; until then the sign-up cannot sign in", async () => {
    const v = await visitor();
    await v.form('/account/registrieren', { name: 'Ina', email: 'einmal@example.de', password: PASSWORD });
    const waiting = await (await visitor()).request('POST', '/account/anmelden', {
      email: 'einmal@example.de',
      password: PASSWORD,
    });
    const unknown = await (await visitor()).request('POST', '/account/anmelden', {
      email: 'niemand-hier@example.de',
      password: PASSWORD,
    });
    expect(waiting.statusCode).toBe(401);
    expect(waiting.json()).toEqual(unknown.json());
    expect(await storage.customers.findByEmail(shop.websiteId, 'einmal@example.de')).toBeUndefined();

    const link = await mailLink(
      shop.websiteId,
      'customer-verification',
      'einmal@example.de',
      '/account/bestaetigen',
    );
    const opened = await v.request('GET', link);
    expect(opened.headers.location).toBe('/account?hinweis=SIGNED_UP');
    expect(opened.cookies.map((c) => c.name)).toContain('bk_customer');
    const other = await visitor();
    const reused = await other.request('GET', link);
    expect(reused.headers.location).toBe('/account/anmelden?fehler=LINK_INVALID');
    expect(other.cookies.has('bk_customer')).toBe(false);
    const signIn = await (await visitor()).request('POST', '/account/anmelden', {
      email: 'einmal@example.de',
      password: PASSWORD,
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('R7.9.3 the overview right after sign-up announces the new account to the analytics runtime; other account pages run no script', async () => {
    const { v, res } = await signUp('pixel@example.de');
    const siteUserId = res.cookies.find((c) => c.name === 'siteUserId')?.value;
    const overview = (await v.request('GET', res.headers.location as string)).body;
    expect(overview).toContain(`data-account-created="${siteUserId}"`);
    const scripts = [...overview.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)];
    expect(scripts).toHaveLength(1);
    expect(overview).not.toContain('data-island');
    for (const path of ['/account', '/account/bestellungen', '/account/adressen']) {
      const page = (await v.request('GET', path)).body;
      expect(page, path).not.toContain('data-account-created');
      expect(page, path).not.toContain('<script');
    }
  });

  it('rejects short passwords, bad emails and a missing crumb with German 4xx answers', async () => {
    const v = await visitor();
    const short = await v.request('POST', '/account/registrieren', {
      name: 'A',
      email: 'a@example.de',
      password: 'kurz',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Das Passwort muss mindestens 10 Zeichen lang sein.');
    const email = await v.request('POST', '/account/registrieren', {
      name: 'A',
      email: 'kein',
      password: PASSWORD,
    });
    expect(email.json().error.type).toBe('INVALID_EMAIL');
    const noCrumb = await v.request(
      'POST',
      '/account/registrieren',
      { name: 'A', email: 'a@example.de', password: PASSWORD },
      { crumb: null },
    );
    expect(noCrumb.statusCode).toBe(403);
    const junk = await v.request('POST', '/account/anmelden', { email: ['x'], password: 5 });
    expect(junk.statusCode).toBe(400);
  });

  it('claims the guest order of the same email once the mail link made the account, and links its status page (211)', async () => {
    const guest = await visitor();
    await guest.add(shop.mug.id);
    const placed = await guest.checkout({ email: 'Gast@Example.de' });
    expect(placed.statusCode).toBe(201);
    const orderNumber = placed.json().order.orderNumber;

    const { v, res: verified } = await signUp('gast@example.de');
    expect(verified.headers.location).toBe('/account?hinweis=SIGNED_UP');
    const { body } = await pageJson(v, '/account/bestellungen');
    expect(body.orders.items).toHaveLength(1);
    const [order] = body.orders.items;
    expect(order).toMatchObject({
      orderNumber,
      statusText: 'In Bearbeitung',
      grandTotalText: expect.stringContaining('€'),
    });
    const status = await v.request('GET', order.statusUrl);
    expect(status.statusCode).toBe(200);
    expect(status.body).toContain(`${orderNumber}`);
    // The verification link works once.
    const reused = await verify(v, 'gast@example.de');
    expect(reused.headers.location).toBe('/account?fehler=LINK_INVALID');

    // An order placed later with the same address shows up on the next visit.
    const later = await visitor();
    await later.add(shop.ebook.id);
    await later.checkout({ email: 'gast@example.de', shippingAddress: undefined });
    expect((await pageJson(v, '/account/bestellungen')).body.orders.items).toHaveLength(2);
    const html = (await v.request('GET', '/account/bestellungen')).body;
    expect(html).toContain('Bestellstatus ansehen');
  });

  it('R6.1.2 rate-limits sign-in per email and answers wrong passwords and unknown emails alike', async () => {
    await signUp('ratelimit@example.de');
    const v = await visitor();
    const unknown = await v.request('POST', '/account/anmelden', {
      email: 'niemand@example.de',
      password: PASSWORD,
    });
    const wrong = await v.request('POST', '/account/anmelden', {
      email: 'ratelimit@example.de',
      password: 'falsch-falsch',
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(unknown.json().error.message);
    for (let i = 0; i < 9; i++)
      await v.request('POST', '/account/anmelden', {
        email: 'ratelimit@example.de',
        password: 'falsch-falsch',
      });
    const limited = await v.request('POST', '/account/anmelden', {
      email: 'ratelimit@example.de',
      password: PASSWORD,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toContain('Zu viele Anmeldeversuche');
    const form = await v.form('/account/anmelden', { email: 'ratelimit@example.de', password: PASSWORD });
    // The sign-in form again (issue 22), with the address kept and the reason in the summary.
    expect(form.statusCode).toBe(422);
    expect(form.body).toContain('Zu viele Anmeldeversuche');
    expect(form.body).toContain('value="ratelimit@example.de"');
  });

  it('WCAG 3.3.1 3.3.3 a refused sign-up form comes back with the values, every problem at its field and "Fehler" in the title', async () => {
    const v = await visitor();
    const res = await v.form('/account/registrieren', {
      name: 'Kim',
      email: 'gast@example',
      password: 'kurz',
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toMatch(/<title>Fehler: Kundenkonto erstellen – /);
    expect(res.body).toContain('value="Kim"');
    expect(res.body).toContain('value="gast@example"');
    // The password is never sent back.
    expect(res.body).not.toContain('kurz');
    for (const id of ['email', 'password']) {
      expect(res.body).toContain(`<input id="${id}" aria-invalid="true" aria-describedby="${id}-fehler"`);
      expect(res.body).toContain(`<li><a href="#${id}">`);
    }
    expect(res.body).not.toContain('<input id="name" aria-invalid');
    expect(res.body).toMatch(/class="error-summary" id="fehler" tabindex="-1" autofocus/);
    // The JSON API keeps its answer.
    const json = await v.request('POST', '/account/registrieren', {
      name: 'Kim',
      email: 'gast@example',
      password: 'kurz',
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.type).toBe('INVALID_EMAIL');
  });

  it('resets the password by a single-use email link and ends the old sessions', async () => {
    const { v: oldBrowser } = await signUp('vergesslich@example.de');
    const v = await visitor();
    const asked = await v.form('/account/passwort-vergessen', { email: 'vergesslich@example.de' });
    expect(asked.headers.location).toBe('/account/anmelden?hinweis=RESET_SENT');
    // An unknown address gets the same answer and no mail.
    const unknown = await v.form('/account/passwort-vergessen', { email: 'unbekannt@example.de' });
    expect(unknown.headers.location).toBe(asked.headers.location);
    const link = await mailLink(
      shop.websiteId,
      'customer-password-reset',
      'vergesslich@example.de',
      '/account/passwort-neu',
    );
    const page = await v.request('GET', link);
    expect(page.body).toContain('Neues Passwort festlegen');
    const token = decodeURIComponent(link.split('token=')[1]!);
    const set = await v.form('/account/passwort-neu', { token, password: 'neues-passwort-22' });
    expect(set.headers.location).toBe('/account?hinweis=PASSWORD_CHANGED');
    expect((await v.request('GET', '/account')).statusCode).toBe(200);
    // The link is spent; the browser signed in before the reset is signed out.
    const again = await (await visitor()).form('/account/passwort-neu', {
      token,
      password: 'noch-ein-passwort',
    });
    expect(again.statusCode).toBe(422);
    expect(again.body).toContain('Dieser Link ist ungültig');
    expect((await oldBrowser.request('GET', '/account')).headers.location).toBe(
      '/account/anmelden?zurueck=%2Faccount',
    );
    const signIn = await (await visitor()).request('POST', '/account/anmelden', {
      email: 'vergesslich@example.de',
      password: 'neues-passwort-22',
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('every account page and action rejects a missing session or one of another website', async () => {
    const { v: foreign } = await signUp('fremd@example.de', OTHER_HOST);
    const stranger = await visitor();
    // The other site's session cookie sent to this site.
    stranger.cookies.set('bk_customer', foreign.cookies.get('bk_customer')!);
    for (const v of [await visitor(), stranger]) {
      for (const path of [
        '/account',
        '/account/bestellungen',
        '/account/downloads',
        '/account/abos',
        '/account/adressen',
        '/account/benachrichtigungen',
        '/account/newsletter',
        '/account/loeschen',
      ]) {
        expect((await v.request('GET', `${path}?format=json`)).statusCode, path).toBe(401);
        const html = await v.request('GET', path);
        expect(html.statusCode, path).toBe(303);
        expect(html.headers.location).toBe(`/account/anmelden?zurueck=${encodeURIComponent(path)}`);
      }
      for (const path of [
        '/account/bestaetigung-senden',
        '/account/abos/x/kuendigen',
        '/account/adressen',
        '/account/adressen/x/loeschen',
        '/account/adressen/x/standard',
        '/account/benachrichtigungen',
        '/account/benachrichtigungen/x/entfernen',
        '/account/newsletter',
        '/account/loeschen',
      ]) {
        const res = await v.request('POST', path, {});
        expect(res.statusCode, path).toBe(401);
        expect(res.json().error.message).toBe('Bitte melde dich an.');
        expect((await v.form(path, {})).headers.location, path).toBe(
          '/account/anmelden?fehler=NOT_SIGNED_IN',
        );
      }
    }
  });

  it('another customer’s orders, addresses and subscriptions are never readable or changeable', async () => {
    const buyer = await visitor();
    await buyer.add(shop.mug.id);
    const placed = (await buyer.checkout({ email: 'besitzerin@example.de' })).json().order;
    const now = Date.now();
    const subscription = await storage.subscriptions.create(shop.websiteId, {
      orderId: placed.id,
      itemId: shop.mug.id,
      sku: `${HOST}-TASSE`,
      productName: 'Tassen-Abo',
      quantity: 1,
      priceMinor: 1200,
      currency: 'EUR',
      billingPeriod: { unit: 'MONTH', value: 1 },
      numBillingCycles: 0,
      customerEmail: 'besitzerin@example.de',
      startedAt: now,
      nextBillingAt: now + 30 * 86_400_000,
    });
    const { v: owner } = await signUp('besitzerin@example.de');
    const saved = await owner.request('POST', '/account/adressen', germanAddress);
    expect(saved.statusCode).toBe(200);
    const addressId = saved.json().address.id;

    const { v: snoop } = await signUp('neugierig@example.de');
    expect((await pageJson(snoop, '/account/bestellungen')).body.orders.items).toEqual([]);
    expect((await pageJson(snoop, '/account/abos')).body.subscriptions.items).toEqual([]);
    expect((await pageJson(snoop, '/account/adressen')).body.addresses.items).toEqual([]);
    const cancel = await snoop.request('POST', `/account/abos/${subscription.id}/kuendigen`, {});
    expect(cancel.statusCode).toBe(404);
    expect(cancel.json().error.message).toBe('Dieses Abo gibt es in deinem Konto nicht.');
    expect((await snoop.request('POST', `/account/adressen/${addressId}/loeschen`, {})).statusCode).toBe(404);
    expect((await snoop.request('POST', `/account/adressen/${addressId}/standard`, {})).statusCode).toBe(404);
    // The owner still has both; the same ids named on another website find nothing either.
    expect((await pageJson(owner, '/account/abos')).body.subscriptions.items).toMatchObject([
      { id: subscription.id, status: 'ACTIVE' },
    ]);
    const { v: elsewhere } = await signUp('besitzerin@example.de', OTHER_HOST);
    expect((await pageJson(elsewhere, '/account/bestellungen')).body.orders.items).toEqual([]);
    expect(
      (await elsewhere.request('POST', `/account/abos/${subscription.id}/kuendigen`, {})).statusCode,
    ).toBe(404);
  });

  it('cancelling a subscription stops its future cycles', async () => {
    const buyer = await visitor();
    await buyer.add(shop.mug.id);
    const placed = (await buyer.checkout({ email: 'abonnentin@example.de' })).json().order;
    const now = Date.now();
    const subscription = await storage.subscriptions.create(shop.websiteId, {
      orderId: placed.id,
      itemId: shop.mug.id,
      sku: `${HOST}-TASSE`,
      productName: 'Tassen-Abo',
      quantity: 1,
      priceMinor: 1200,
      currency: 'EUR',
      billingPeriod: { unit: 'MONTH', value: 1 },
      numBillingCycles: 0,
      customerEmail: 'abonnentin@example.de',
      startedAt: now,
      nextBillingAt: now + 30 * 86_400_000,
    });
    const { v } = await signUp('abonnentin@example.de');
    const before = (await pageJson(v, '/account/abos')).body.subscriptions.items[0];
    expect(before).toMatchObject({ statusText: 'Aktiv', isActive: true });
    expect(before.nextBillingText).toBeTruthy();
    const res = await v.form(`/account/abos/${subscription.id}/kuendigen`, {});
    expect(res.headers.location).toBe('/account/abos?hinweis=SUBSCRIPTION_CANCELLED');
    const after = (await pageJson(v, '/account/abos')).body.subscriptions.items[0];
    expect(after).toMatchObject({ statusText: 'Gekündigt', isActive: false, nextBillingText: null });
    expect(
      (await storage.subscriptions.findById(shop.websiteId, subscription.id))?.nextBillingAt,
    ).toBeUndefined();
    expect((await v.request('POST', `/account/abos/${subscription.id}/kuendigen`, {})).statusCode).toBe(409);
  });

  it('R7.4.3 signs a customer up for a restock notice without captcha, lists it and removes it', async () => {
    const { v } = await signUp('wartet@example.de');
    const variantId = shop.shirt.product!.variants[0]!.id;
    // Visitors of this shop need a captcha token; the signed-in customer does not.
    const anonymous = await visitor();
    const refused = await anonymous.request('POST', '/api/site-users/account/notifications/restock', {
      productId: shop.shirt.id,
      variantId,
      siteVisitorEmail: 'wartet@example.de',
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const res = await v.request('POST', '/api/site-users/account/notifications/restock', {
      productId: shop.shirt.id,
      variantId,
      language: 'de-DE',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    const unknown = await v.request('POST', '/api/site-users/account/notifications/restock', {
      productId: shop.shirt.id,
      variantId: 'gibt-es-nicht',
    });
    expect(unknown.statusCode).toBe(404);

    const { body } = await pageJson(v, '/account/benachrichtigungen');
    expect(body.restock.items).toMatchObject([{ productName: 'T-Shirt', variantText: 'Größe: S' }]);
    // The sold-out list offers what is not yet asked for: the T-Shirt in S is already there.
    expect(body.restock.soldOut.some((s: { variantId: string }) => s.variantId === variantId)).toBe(false);
    const { v: someoneElse } = await signUp('andere-wartende@example.de');
    expect((await someoneElse.request('POST', body.restock.items[0].removeAction, {})).statusCode).toBe(404);
    const removed = await v.form(body.restock.items[0].removeAction, {});
    expect(removed.headers.location).toBe('/account/benachrichtigungen?hinweis=NOTICE_REMOVED');
    expect((await pageJson(v, '/account/benachrichtigungen')).body.restock.items).toEqual([]);
    // The account's own form signs up without JavaScript.
    const form = await v.form('/account/benachrichtigungen', { productId: shop.shirt.id, variantId });
    expect(form.headers.location).toBe('/account/benachrichtigungen?hinweis=NOTICE_ADDED');
    expect((await pageJson(v, '/account/benachrichtigungen')).body.restock.items).toHaveLength(1);
  });

  it('R7.4.3 R7.4.4 R8.3.3 keeps the language of a signed-in sign-up and writes the restock mail in it, German by default', async () => {
    const variantId = shop.shirt.product!.variants[1]!.id;
    const { v: english } = await signUp('english@example.de');
    const { v: german } = await signUp('deutsch@example.de');
    const englishAnswer = await english.request('POST', '/api/site-users/account/notifications/restock', {
      productId: shop.shirt.id,
      variantId,
      language: 'en-GB',
    });
    // The same answer as a visitor's sign-up, so the product page shows the same text.
    expect(englishAnswer.json()).toEqual({ success: true, message: 'Registriert!' });
    const germanAnswer = await german.request('POST', '/api/site-users/account/notifications/restock', {
      productId: shop.shirt.id,
      variantId,
    });
    expect(germanAnswer.statusCode).toBe(200);
    const junk = await german.request('POST', '/api/site-users/account/notifications/restock', {
      productId: shop.shirt.id,
      variantId,
      language: { nicht: 'sprache' },
    });
    expect(junk.statusCode).toBe(400);

    const waiting = await storage.restockSignups.listSignups(shop.websiteId, shop.shirt.id, variantId);
    expect(Object.fromEntries(waiting.items.map((s) => [s.email, s.language]))).toEqual({
      'english@example.de': 'en',
      'deutsch@example.de': null,
    });

    const website = (await storage.websites.findById(shop.websiteId))!;
    const sent = await new RestockService(storage).send(
      website,
      [{ productId: shop.shirt.id, variantId }],
      `http://${HOST}`,
    );
    expect(sent).toBe(2);
    const mails = await storage.outbox.listByWebsite(shop.websiteId, { kind: 'restock' });
    const to = (email: string) => mails.find((m) => m.to === email)!;
    expect(to('english@example.de').subject).toBe('T-Shirt is back in stock');
    expect(to('english@example.de').text).toContain('good news: T-Shirt (Größe: M) is available again');
    expect(to('deutsch@example.de').subject).toBe('T-Shirt ist wieder verfügbar');
  });

  it('turns the newsletter on and off for a verified customer; an account from before sign-up links confirms first', async () => {
    // Accounts made before sign-ups waited for their mail link may still be unconfirmed.
    await storage.customers.create(shop.websiteId, {
      email: 'leserin@example.de',
      name: 'Lea',
      passwordHash: await hashPassword(PASSWORD),
    });
    const v = await visitor();
    await v.form('/account/anmelden', { email: 'leserin@example.de', password: PASSWORD });
    const early = await v.request('POST', '/account/newsletter', { subscribe: true });
    expect(early.statusCode).toBe(403);
    expect((await v.form('/account/bestaetigung-senden', {})).headers.location).toBe(
      '/account?hinweis=VERIFICATION_SENT',
    );
    expect((await verify(v, 'leserin@example.de')).headers.location).toBe('/account?hinweis=VERIFIED');
    expect((await v.form('/account/newsletter', { subscribe: 'true' })).headers.location).toBe(
      '/account/newsletter?hinweis=NEWSLETTER_ON',
    );
    expect((await pageJson(v, '/account/newsletter')).body.newsletter.subscribed).toBe(true);
    expect(
      (await storage.newsletter.list(shop.websiteId, { status: 'confirmed' })).map((s) => s.email),
    ).toContain('leserin@example.de');
    await v.form('/account/newsletter', { subscribe: 'false' });
    expect((await pageJson(v, '/account/newsletter')).body.newsletter.subscribed).toBe(false);
  });

  it('keeps the guest cart and merges it into the account’s cart on sign-in; checkout pre-fills email and address', async () => {
    const { v: first } = await signUp('warenkorb@example.de');
    await first.add(shop.mug.id, undefined, 2);
    await first.request('POST', '/account/adressen', { ...germanAddress, line1: 'Lindenallee 7' });
    await first.form('/account/abmelden', {});
    expect(first.cookies.get('authenticated') ?? '').toBe('');
    expect((await first.request('GET', '/api/commerce/shopping-cart')).json().totalQuantity ?? 0).toBe(0);

    const browser = await visitor();
    await browser.add(shop.ebook.id);
    const signIn = await browser.form('/account/anmelden', {
      email: 'warenkorb@example.de',
      password: PASSWORD,
    });
    expect(signIn.headers.location).toBe('/account');
    const cart = (await browser.request('GET', '/api/commerce/shopping-cart')).json();
    expect(
      cart.entries.map((e: { itemId: string; quantity: number }) => [e.itemId, e.quantity]).sort(),
    ).toEqual(
      [
        [shop.mug.id, 2],
        [shop.ebook.id, 1],
      ].sort(),
    );

    const checkout = (await browser.request('GET', '/checkout?format=json')).json();
    expect(checkout.checkoutForm.prefill).toMatchObject({
      email: 'warenkorb@example.de',
      line1: 'Lindenallee 7',
      city: 'Berlin',
    });
    const html = (await browser.request('GET', '/checkout')).body;
    expect(html).toContain('value="warenkorb@example.de"');
    expect(html).toContain('value="Lindenallee 7"');
  });

  it('deletes the account: personal data gone, orders kept anonymised', async () => {
    const buyer = await visitor();
    await buyer.add(shop.mug.id);
    const placed = (await buyer.checkout({ email: 'abschied@example.de' })).json().order;
    const { v } = await signUp('abschied@example.de');
    const wrong = await v.form('/account/loeschen', { password: 'nicht-das-passwort' });
    expect(wrong.headers.location).toBe('/account/loeschen?fehler=WRONG_PASSWORD');
    const res = await v.form('/account/loeschen', { password: PASSWORD });
    expect(res.headers.location).toBe('/account/anmelden?hinweis=ACCOUNT_DELETED');
    expect((await v.request('GET', '/account')).statusCode).toBe(303);
    expect(await storage.customers.findByEmail(shop.websiteId, 'abschied@example.de')).toBeUndefined();
    const kept = await storage.orders.findById(shop.websiteId, placed.id);
    expect(kept?.grandTotalMinor).toBe(placed.grandTotalCents ?? kept?.grandTotalMinor);
    expect(kept?.customerEmail).toBeUndefined();
    expect(JSON.stringify(kept?.data)).not.toContain('Mustermann');
  });

  it('R6.2.1 a signed-in customer (no website role) is counted by census like any visitor', () => {
    expect(shouldRecordCensusHit({ authenticated: true }, { path: '/account' })).toBe(true);
    expect(shouldRecordCensusHit({ authenticated: true, websiteRoles: [] }, { path: '/shop' })).toBe(true);
  });
});
