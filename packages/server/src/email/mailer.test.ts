import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { newsletterConfirmationEmail, restockEmail } from './email-templates.js';
import { createMailer, headerText, type OutgoingEmail } from './mailer.js';

const dir = mkdtempSync(join(tmpdir(), 'mailer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Sends through the .eml transport and reads the file back like a mail client. */
async function deliver(email: OutgoingEmail) {
  const mailer = createMailer({ mailDir: dir });
  await mailer.send(email);
  mailer.close();
  const raw = readFileSync(join(dir, `${email.id}.eml`));
  const headerBlock = raw.toString('utf8').split(/\r?\n\r?\n/)[0]!;
  return { raw: headerBlock, parsed: await simpleParser(raw) };
}

const INJECTED = 'Laden\r\nBcc: opfer@example.org\r\nX-Evil: 1';

describe('Finding 9 (#18): CR/LF in owner or visitor text never reach a mail header', () => {
  it('a site title with CR/LF stays inside one Subject line and adds no header (every mail kind)', async () => {
    const mails = [
      restockEmail({
        to: 'kundin@example.de',
        siteTitle: INJECTED,
        productName: `Tasse\nBcc: opfer@example.org`,
        variantText: '',
        productUrl: 'http://laden.test/p/tasse',
      }),
      newsletterConfirmationEmail({
        to: 'kundin@example.de',
        siteTitle: INJECTED,
        confirmUrl: 'http://laden.test/newsletter/bestaetigen?token=x',
        unsubscribeUrl: 'http://laden.test/newsletter/abmelden?token=x',
      }),
    ];
    for (const [i, mail] of mails.entries()) {
      const { raw, parsed } = await deliver({
        id: `kopf-${i}`,
        from: `${INJECTED} <laden@example.de>`,
        ...mail,
      });
      expect(raw).not.toMatch(/^(Bcc|X-Evil):/im);
      expect(parsed.subject).not.toMatch(/[\r\n]/);
      // Exactly one From address, the shop's: the title cannot turn it into a group or add another.
      expect(raw.match(/^From: .*$/m)?.[0]).toMatch(/^From: "?[^\r\n<>]*"? <laden@example\.de>$/);
      expect(parsed.from?.text).toMatch(/<laden@example\.de>$/);
      expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe('kundin@example.de');
    }
  });

  it('a Reply-To or To that is not one plain address adds no recipient and no header', async () => {
    const { raw, parsed } = await deliver({
      id: 'antwort',
      from: 'Laden <laden@example.de>',
      to: 'inhaber@example.de',
      replyTo: 'besucher@example.de\r\nBcc: opfer@example.org',
      subject: 'Neue Formularübermittlung',
      text: 'Hallo',
    });
    expect(raw).not.toMatch(/^Bcc:/im);
    expect(parsed.replyTo).toBeUndefined();
    const listed = await deliver({
      id: 'liste',
      from: 'Laden <laden@example.de>',
      to: 'inhaber@example.de',
      replyTo: 'besucher@example.de, opfer@example.org',
      subject: 'x',
      text: 'x',
    });
    expect(listed.parsed.replyTo).toBeUndefined();
    const mailer = createMailer({ mailDir: dir });
    await expect(
      mailer.send({ id: 'zwei', from: 'l@x.de', to: 'a@x.de,\r\nb@x.de', subject: 'x', text: 'x' }),
    ).rejects.toThrow();
    mailer.close();
  });

  it('headerText turns every break and control character into one space', () => {
    expect(headerText('Mein\r\nLaden\u2028GmbH\u0085\t!')).toBe('Mein Laden GmbH !');
  });
});
