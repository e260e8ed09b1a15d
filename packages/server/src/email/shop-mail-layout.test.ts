import { CollectionType } from '@baukasten/commerce';
import type { Order, Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html } from './email-templates.js';
import { contentOf } from './mail-content.js';
import { renderShopMail } from './mail-layout.js';
import { createMailer } from './mailer.js';
import { orderConfirmationEmail } from './order-email-templates.js';
import { OutboxWorker } from './outbox-worker.js';
import { type SmtpTestPeer, startSmtpTestPeer } from './smtp-test-peer.js';

const NBSP = '\u00a0';

const orderOf = (itemId: string): Order => ({
  id: 'o1',
  websiteId: 'w',
  orderNumber: 1042,
  purchasedCartId: 'c',
  testMode: false,
  currency: 'EUR',
  customerEmail: 'erika@example.de',
  data: {
    shippingAddress: {
      firstName: 'Erika',
      lastName: 'Muster',
      line1: 'Hauptstraße 1',
      postalCode: '8001',
      city: 'Zürich',
      country: 'CH',
    },
    vat: {
      treatment: 'domestic',
      lines: [
        { ratePercent: 19, vatMinor: 618 },
        { ratePercent: 7, vatMinor: 65 },
      ],
      note: null,
    },
  },
  createdAt: 0,
  items: [
    {
      id: 'i1',
      itemId,
      sku: 'TASSE',
      productName: 'Tasse <Blau>',
      quantity: 3,
      unitPriceMinor: 1290,
      data: { attributes: { Farbe: 'Blau' } },
    },
  ],
  subtotalMinor: 3870,
  taxMinor: 683,
  shippingMinor: 490,
  discountMinor: 0,
  grandTotalMinor: 4360,
});

describe('the shop mail layout (issue 23)', () => {
  it('draws the items as a table, totals with VAT per rate (§ 14 UStG) and the country named in German', () => {
    const mail = orderConfirmationEmail({ order: orderOf('x'), siteTitle: 'Laden', locale: 'de-DE' });
    // Queued as blocks; the layout draws them when the mail is sent.
    const designed = renderShopMail(contentOf(mail.html ?? '')!);
    expect(designed).toContain('data-mail="items"');
    expect(designed).toContain('Tasse &lt;Blau&gt;');
    expect(designed).not.toContain('<Blau>');
    expect(designed).toContain('Farbe: Blau · Art.-Nr. TASSE');
    expect(designed).toContain(`Darin enthaltene MwSt. 19 %`);
    expect(designed).toContain(`Darin enthaltene MwSt. 7 %`);
    expect(designed).toContain(`43,60${NBSP}€`);
    expect(designed).toContain('Schweiz');
    expect(designed).not.toMatch(/>CH</);
    expect(designed).toContain('data-mail="total"');
    expect(designed).toContain('max-width:600px');
    expect(mail.text).toContain('Schweiz');
  });

  it('queues nothing drawn: no React rendering, no markup of the blocks, only the blocks to draw', () => {
    const mail = orderConfirmationEmail({ order: orderOf('x'), siteTitle: 'Laden', locale: 'de-DE' });
    expect(mail.html).not.toContain('max-width:600px');
    expect(mail.html).not.toContain('<table');
    expect(mail.html).toContain('<html lang="de">');
    expect(contentOf(mail.html ?? '')?.title).toBe('Deine Bestellung Nr. 1042 bei Laden');
  });

  it('a simple mail keeps its words, escaped, and carries its blocks for the worker', () => {
    const body = html('Betreff', ['Hallo <b>Erika</b>,', 'Mehr: https://laden.test/a?b=1&c=2'], {
      href: 'https://laden.test/weiter',
      label: 'Weiter',
    });
    expect(contentOf(body)?.blocks[0]).toEqual({ kind: 'text', text: 'Hallo <b>Erika</b>,' });
    // As the worker draws it for sending.
    const sent = renderShopMail(contentOf(body)!);
    expect(sent).toContain('Hallo &lt;b&gt;Erika&lt;/b&gt;,');
    expect(sent).not.toContain('<b>Erika');
    expect(sent).toContain('href="https://laden.test/a?b=1&amp;c=2"');
    expect(sent).toContain('href="https://laden.test/weiter"');
    expect(sent).toContain('Weiter');
  });

  it('the blocks travel as JSON with no "--" to end the comment; mails queued before as base64 or hex are still read', () => {
    const text = 'Grüße -- und --> Ende <!-- nicht --!> und ---';
    const content = { title: 'Alt', blocks: [{ kind: 'text', text } as const] };
    const queued = html('Alt', [text]);
    const comment = /<!--baukasten-mail:(.*?)-->/s.exec(queued)?.[1] ?? '';
    expect(comment.startsWith('json:')).toBe(true);
    expect(comment).not.toContain('--');
    expect(queued.match(/-->/g)).toHaveLength(1);
    expect(contentOf(queued)?.blocks).toEqual(content.blocks);
    const json = Buffer.from(JSON.stringify(content), 'utf8');
    expect(contentOf(`<p>x</p><!--baukasten-mail:${json.toString('hex')}-->`)).toEqual(content);
    expect(contentOf(`<!--baukasten-mail:b64:${json.toString('base64')}-->`)).toEqual(content);
  });
});

withTestDatabases((db) => {
  let storage: Storage;
  let peer: SmtpTestPeer;
  let websiteId: string;
  let itemId: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    const website = await storage.websites.create({
      title: 'Töpferei Muster',
      hostnames: ['toepferei.test'],
      settings: {
        logoUrl: '/assets/logo.png',
        siteStyles: { palette: { accent: '#8a3b12' }, fontPairing: 'werkstatt' },
        legal: {
          companyName: 'Töpferei Muster GmbH',
          street: 'Lehmweg 3',
          postalCode: '10115',
          city: 'Berlin',
          email: 'hallo@toepferei.test',
          registerCourt: 'Amtsgericht Berlin',
          registerNumber: 'HRB 12345',
          vatId: 'DE123456789',
        },
      } as never,
    });
    websiteId = website.id;
    const shop = await storage.collections.create(websiteId, {
      type: CollectionType.PRODUCTS,
      urlId: 'laden',
      title: 'Laden',
    });
    itemId = (
      await storage.items.create(websiteId, {
        collectionId: shop.id,
        urlId: 'tasse',
        title: 'Tasse',
        assetUrl: '/assets/tasse.jpg',
      })
    ).id;
    peer = await startSmtpTestPeer();
  });
  afterAll(async () => {
    await peer?.close();
  });

  it('§ 5 DDG: the worker sends the mail in the shop’s brand with its Impressum, legal links, logo and pictures', async () => {
    peer.received.length = 0;
    await storage.outbox.enqueue(
      websiteId,
      orderConfirmationEmail({ order: orderOf(itemId), siteTitle: 'Töpferei Muster', locale: 'de-DE' }),
    );
    const mailer = createMailer({ smtpUrl: peer.url, mailDir: '' });
    await new OutboxWorker({
      storage,
      mailer,
      from: 'Baukasten <no-reply@example.de>',
      publicUrl: { scheme: 'https' },
    }).drain();
    mailer.close();
    const sent = peer.received.find((m) => m.subject.includes('1042'));
    expect(sent).toBeDefined();
    const body = sent?.html ?? '';
    expect(body).toContain('src="https://toepferei.test/assets/logo.png"');
    expect(body).toContain('alt="Töpferei Muster"');
    expect(body).toContain('src="https://toepferei.test/assets/tasse.jpg"');
    expect(body).toContain('alt="Tasse &lt;Blau&gt;"');
    expect(body).toContain('#8a3b12');
    // The queued blocks are not sent along a second time.
    expect(body).not.toContain('baukasten-mail:');
    expect(body).toContain('Fraunces');
    for (const path of ['/agb', '/widerruf', '/datenschutz', '/impressum'])
      expect(body).toContain(`href="https://toepferei.test${path}"`);
    expect(body).toContain('Amtsgericht Berlin, HRB 12345');
    expect(body).toContain('USt-IdNr.: DE123456789');
    expect(sent?.text).toContain('Töpferei Muster GmbH');
    expect(sent?.text).toContain('Impressum: https://toepferei.test/impressum');
    expect(sent?.text).toContain(`Gesamtsumme: 43,60${NBSP}€`);
  });
});
