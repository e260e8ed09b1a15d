import type { Item, Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createMailer } from '../email/mailer.js';
import { OutboxWorker } from '../email/outbox-worker.js';
import { type SmtpTestPeer, startSmtpTestPeer } from '../email/smtp-test-peer.js';
import { ProofOfWorkCaptcha, solveProofOfWork } from '../forms/captcha.js';

const HOST = 'wieder-da.test';
const OTHER = 'anderer-laden.test';
const OWNER = { authorization: 'Bearer inhaber-geheim' };
const SIGNUP = '/api/commerce/restock-notifications';
const MERCHANT = '/api/site-users/account/notifications/restock';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let peer: SmtpTestPeer;
  let mug: Item;
  let shirt: Item;
  const captcha = new ProofOfWorkCaptcha({ difficulty: 4 });

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    const website = await storage.websites.create({
      title: 'Wieder-da-Laden',
      hostnames: [HOST],
      settings: { ownerToken: 'inhaber-geheim' },
    });
    await storage.websites.create({
      title: 'Anderer Laden',
      hostnames: [OTHER],
      settings: { ownerToken: 'anderes-geheim', captchaSettings: { siteKey: 'pow' } },
    });
    const shop = await storage.collections.create(website.id, { type: 13, urlId: 'laden', title: 'Laden' });
    mug = await storage.items.create(website.id, {
      collectionId: shop.id,
      urlId: 'tasse',
      title: 'Tasse',
      product: { productType: 1, variants: [{ sku: 'TASSE', priceMinor: 1200, qtyInStock: 0 }] },
    });
    shirt = await storage.items.create(website.id, {
      collectionId: shop.id,
      urlId: 'shirt',
      title: 'T-Shirt',
      product: {
        productType: 1,
        merchandising: { restockNotificationMessages: { successMessage: 'Wir melden uns!' } },
        variants: [
          { sku: 'SHIRT-S', attributes: { Größe: 'S' }, priceMinor: 2500, qtyInStock: 0 },
          { sku: 'SHIRT-M', attributes: { Größe: 'M' }, priceMinor: 2500, qtyInStock: 0 },
        ],
      },
    });
    peer = await startSmtpTestPeer();
    app = await buildApp({ storage, logLevel: 'silent', visitorForms: { captcha } });
  });
  afterAll(async () => {
    await app?.close();
    await peer?.close();
  });

  // The visitor's crumb, echoed as the restock form island echoes it.
  const post = (url: string, payload: object, headers: Record<string, string> = {}, host = HOST) =>
    app.inject({
      method: 'POST',
      url,
      headers: {
        host,
        cookie: 'crumb=lagerkrumelagerkrumelage',
        'x-csrf-token': 'lagerkrumelagerkrumelage',
        ...headers,
      },
      payload,
    });
  const get = (url: string, headers: Record<string, string> = OWNER, host = HOST) =>
    app.inject({ method: 'GET', url, headers: { host, ...headers } });
  const signUp = (item: Item, variant: number, email: unknown, extra: object = {}) =>
    post(SIGNUP, {
      isJoinMailingList: false,
      productId: item.id,
      variantId: item.product!.variants[variant]!.id,
      siteVisitorEmail: email,
      recaptchaEnterpriseV3Token: '',
      ...extra,
    });
  const deliver = async () => {
    const mailer = createMailer({ smtpUrl: peer.url, mailDir: '' });
    await new OutboxWorker({ storage, mailer, from: 'laden@example.de' }).drain();
    mailer.close();
  };

  it('R5.4.4 R5.4.5 R8.3.1 refuses an empty or invalid email with the German text', async () => {
    const empty = await signUp(mug, 0, '  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('E-Mail-Adresse darf nicht leer sein');
    const missing = await signUp(mug, 0, undefined);
    expect(missing.json().error.message).toBe('E-Mail-Adresse darf nicht leer sein');
    const invalid = await signUp(mug, 0, 'kein-at-zeichen');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe('E-Mail-Adresse ist ungültig');
  });

  it('R8.3.2 answers bad input and unknown products with the generic German failure, never a 5xx', async () => {
    const bad = await post(SIGNUP, { productId: 42 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(
      'Formular kann nicht gesendet werden. Bitte versuche es später nochmal.',
    );
    const unknown = await post(SIGNUP, { productId: 'nix', variantId: 'nix', siteVisitorEmail: 'a@b.de' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(
      'Formular kann nicht gesendet werden. Bitte versuche es später nochmal.',
    );
    const garbage = await app.inject({
      method: 'POST',
      url: SIGNUP,
      headers: { host: HOST, 'content-type': 'application/json' },
      payload: '{"kaputt',
    });
    expect(garbage.statusCode).toBe(400);
  });

  it("R8.3.3 R8.3.4 R1.3.2 answers 'Registriert!' or the store's own text and counts a repeat once", async () => {
    const first = await signUp(mug, 0, 'erika@example.de');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: 'Registriert!' });
    expect((await signUp(mug, 0, 'Erika@Example.de')).statusCode).toBe(200);
    expect((await signUp(shirt, 1, 'max@example.de')).json().message).toBe('Wir melden uns!');
    const signups = await get(`${MERCHANT}?productId=${mug.id}&variantId=${mug.product!.variants[0]!.id}`);
    expect(signups.json().signUps.map((s: { siteVisitorEmail: string }) => s.siteVisitorEmail)).toEqual([
      'erika@example.de',
    ]);
  });

  it('keeps the merchant lists behind the owner token, per website', async () => {
    const none = await get(`${MERCHANT}/groups`, {});
    expect(none.statusCode).toBe(401);
    expect(none.json().error.message).toBe('Bitte melde dich als Inhaber dieser Website an.');
    expect((await get(`${MERCHANT}/groups`, { authorization: 'Bearer falsch' })).statusCode).toBe(403);
    // The other site's owner gets nothing of this site, and sees no groups on their own.
    expect((await get(`${MERCHANT}/groups`, { authorization: 'Bearer anderes-geheim' })).statusCode).toBe(
      403,
    );
    const theirs = await get(`${MERCHANT}/groups`, { authorization: 'Bearer anderes-geheim' }, OTHER);
    expect(theirs.json()).toEqual({ signUpGroups: [], hasNextPage: false, nextPageCursor: null });
    const send = await post(`${MERCHANT}/send`, { productId: mug.id, variantId: 'x' });
    expect(send.statusCode).toBe(401);
  });

  it('R7.4.5 R7.4.7 R3.24.1 R3.24.3 lists groups and sign-ups with paging fields', async () => {
    const groups = await get(`${MERCHANT}/groups`);
    expect(groups.statusCode).toBe(200);
    const body = groups.json();
    expect(body.hasNextPage).toBe(false);
    expect(body.nextPageCursor).toBeNull();
    expect(body.signUpGroups).toHaveLength(2);
    expect(body.signUpGroups).toContainEqual({
      productId: mug.id,
      variantId: mug.product!.variants[0]!.id,
      signUpCount: 1,
    });
    const bad = await get(`${MERCHANT}?productId=`);
    expect(bad.statusCode).toBe(400);
  });

  it('R7.4.10 R1.3.2 send mails each signed-up visitor exactly once with the product link', async () => {
    const variantId = mug.product!.variants[0]!.id;
    await signUp(mug, 0, 'zweite@example.de');
    peer.received.length = 0;
    const res = await post(`${MERCHANT}/send`, { productId: mug.id, variantId }, OWNER);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sentCount: 2 });
    const again = await post(`${MERCHANT}/send`, { productId: mug.id, variantId }, OWNER);
    expect(again.json()).toEqual({ sentCount: 0 });
    await deliver();
    expect(peer.received.map((m) => m.to).sort()).toEqual(['erika@example.de', 'zweite@example.de']);
    for (const mail of peer.received) {
      expect(mail.subject).toBe('Tasse ist wieder verfügbar');
      expect(mail.text).toContain(`http://${HOST}/laden/p/tasse`);
    }
    expect((await get(`${MERCHANT}?productId=${mug.id}&variantId=${variantId}`)).json().signUps).toEqual([]);
  });

  it('R7.4.11 R3.24.4 send/all mails every variant named in sendRequests', async () => {
    await signUp(shirt, 0, 'klein@example.de');
    peer.received.length = 0;
    const res = await post(
      `${MERCHANT}/send/all`,
      {
        sendRequests: shirt.product!.variants.map((v) => ({ productId: shirt.id, variantId: v.id })),
      },
      OWNER,
    );
    expect(res.json()).toEqual({ sentCount: 2 });
    await deliver();
    const byTo = Object.fromEntries(peer.received.map((m) => [m.to, m.text]));
    expect(byTo['klein@example.de']).toContain('T-Shirt (Größe: S)');
    expect(byTo['max@example.de']).toContain('T-Shirt (Größe: M)');
    expect((await post(`${MERCHANT}/send/all`, { sendRequests: [] }, OWNER)).statusCode).toBe(400);
  });

  it('R5.4.3 R7.4.2 asks for a solved captcha when the site has a key', async () => {
    const other = (await storage.websites.findByHostname(OTHER))!;
    const otherShop = await storage.collections.create(other.id, { type: 13, urlId: 'shop', title: 'Shop' });
    const lamp = await storage.items.create(other.id, {
      collectionId: otherShop.id,
      urlId: 'lampe',
      title: 'Lampe',
      product: { productType: 1, variants: [{ sku: 'LAMPE', priceMinor: 5000, qtyInStock: 0 }] },
    });
    const body = { productId: lamp.id, variantId: lamp.product!.variants[0]!.id, siteVisitorEmail: 'l@x.de' };
    const without = await post(SIGNUP, body, {}, OTHER);
    expect(without.statusCode).toBe(400);
    expect(without.json().error.message).toBe('Bitte bestätige, dass du kein Roboter bist.');
    const challenge = await captcha.challenge(other, 'PRODUCT_WAITLIST_SUBMISSION');
    if (challenge.provider !== 'proof-of-work') throw new Error('expected proof of work');
    const token = await solveProofOfWork(challenge.challenge);
    const solved = await post(SIGNUP, { ...body, recaptchaEnterpriseV3Token: token }, {}, OTHER);
    expect(solved.statusCode).toBe(200);
    // A token is good for one sign-up only.
    expect((await post(SIGNUP, { ...body, recaptchaEnterpriseV3Token: token }, {}, OTHER)).statusCode).toBe(
      400,
    );
  });

  it('R3.4.1 a visitor joining the mailing list gets the opt-in mail in the same step', async () => {
    peer.received.length = 0;
    await signUp(mug, 0, 'liste@example.de', { isJoinMailingList: true });
    await deliver();
    expect(peer.received.map((m) => m.to)).toEqual(['liste@example.de']);
    expect(peer.received[0]!.subject).toContain('Bitte bestätige deine Anmeldung');
  });

  it('R7.4.1 a sign-up without a captcha token or language (null, as a client sends it) is taken', async () => {
    // Last, with an item of its own, so the lists and mails the other tests count stay as they are.
    const cap = await storage.items.create(mug.websiteId, {
      collectionId: mug.collectionId,
      urlId: 'muetze',
      title: 'Mütze',
      product: { productType: 1, variants: [{ sku: 'MUETZE', priceMinor: 900, qtyInStock: 0 }] },
    });
    const res = await signUp(cap, 0, 'nulltoken@example.de', {
      recaptchaEnterpriseV3Token: null,
      language: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
  });
});
