import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../packages/server/src/webhooks/webhook-signature.js';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { checkOutWithBankTransfer } from './support/checkout.js';
import { button, field, openSiteOverview, signUpWithNewSite } from './support/editor.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/*
 * Issue 24: an owner connects their warehouse system. They register its address for "Bestellung
 * eingegangen" in the editor and copy the secret shown once; a shopper buys; the order event arrives at the
 * receiver (a local HTTP server) with a valid signature; the delivery log shows it delivered, and
 * "Erneut senden" sends the same event (same id) again. OUTBOUND_ALLOW_PRIVATE_HOSTS lets the server call
 * 127.0.0.1.
 */

interface Hit {
  body: string;
  signature: string;
}

describe('an owner receives a webhook', () => {
  let server: ShopServer;
  let browser: Browser;
  let receiver: Server;
  let receiverUrl: string;
  const hits: Hit[] = [];

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        hits.push({ body, signature: String(request.headers['baukasten-signature'] ?? '') });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/bestellungen`;
    server = await startShopServer({ SMTP_URL: '', OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  const waitFor = async (check: () => boolean, what: string) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 100));
    if (!check()) throw new Error(`timed out waiting for ${what}`);
  };

  it('registers a URL, gets the signed order event, sees it in the log and sends it again', async () => {
    const subdomain = `haken-${randomBytes(4).toString('hex')}`;
    const siteOrigin = `http://${subdomain}.localhost:${server.port}`;
    const context = await browser.newContext({ viewport: { width: 1280, height: 1200 } });
    const owner = await context.newPage();
    await signUpWithNewSite(owner, server, {
      name: 'Wanda Webhook',
      siteTitle: 'Hakenladen',
      subdomain,
      starter: 'Demo-Laden mit Beispielprodukten',
    });
    const siteNav = await openSiteOverview(owner);
    await siteNav.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await owner.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await field(owner, 'Adresse (URL)').fill(receiverUrl);
    await owner.getByLabel('Bestellung eingegangen').check();
    await button(owner, 'Webhook anlegen').click();
    const secret = (await owner.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);

    // The shopper buys without JavaScript: plain form posts, so each step is a page load to wait for.
    const shopperContext = await browser.newContext({ javaScriptEnabled: false });
    const shopper = await shopperContext.newPage();
    await shopper.goto(`${siteOrigin}/shop/p/emaille-becher-bergsee`);
    await Promise.all([
      shopper.waitForURL(/\/cart/),
      shopper.locator('form[action="/api/commerce/shopping-cart/entries"] button[type="submit"]').click(),
    ]);
    await shopper.goto(`${siteOrigin}/checkout`);
    await checkOutWithBankTransfer(shopper, {
      email: 'kundin@example.de',
      firstName: 'Kim',
      lastName: 'Kundin',
      line1: 'Hafenstraße 1',
      postalCode: '20457',
      city: 'Hamburg',
    });

    await waitFor(() => hits.length >= 1, 'the order event');
    const [first] = hits;
    expect(verifyWebhookSignature(secret, first!.body, first!.signature)).toBe(true);
    const event = JSON.parse(first!.body);
    expect(event.type).toBe('order.created');
    expect(event.data.order.customerEmail).toBe('kundin@example.de');

    await button(owner, 'Aktualisieren').click();
    const row = owner.getByTestId('webhook-delivery').first();
    await expect.poll(async () => row.textContent()).toContain('zugestellt');
    expect(await row.textContent()).toContain('204');
    await saveScreenshot(owner, 'receive-a-webhook-log');

    await row.getByRole('button', { name: 'Erneut senden' }).click();
    await waitFor(() => hits.length >= 2, 'the re-sent event');
    expect(JSON.parse(hits[1]!.body).id).toBe(event.id);
    expect(verifyWebhookSignature(secret, hits[1]!.body, hits[1]!.signature)).toBe(true);
    await shopperContext.close();
    await context.close();
  });
});
