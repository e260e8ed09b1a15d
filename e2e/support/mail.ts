import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';

/** One mail the shop wrote: to whom and its plain text. */
export interface WrittenMail {
  to: string;
  text: string;
}

/** Every mail the shop wrote (without SMTP_URL the outbox writes .eml files to DATA_DIR/mail). */
export async function mailsIn(dataDir: string): Promise<WrittenMail[]> {
  let files: string[];
  try {
    files = readdirSync(join(dataDir, 'mail')).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (f) => {
      const mail = await simpleParser(readFileSync(join(dataDir, 'mail', f)));
      const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
      return { to, text: mail.text ?? '' };
    }),
  );
}

/**
 * Waits for a mail to `to` with a link to `path` and gives that link as path and query, to be opened on
 * the test server (the mail's host is the configured public address, not the test's 127.0.0.1:port).
 */
export async function linkInMail(dataDir: string, to: string, path: string): Promise<string> {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const pattern = new RegExp(`https?://\\S+${escaped}\\?\\S+`);
  // Polled by hand rather than with expect.poll, so set-up hooks (beforeAll) can wait for a mail too.
  const deadline = Date.now() + 20_000;
  for (;;) {
    let link = '';
    for (const mail of await mailsIn(dataDir)) {
      if (!mail.to.toLowerCase().includes(to.toLowerCase())) continue;
      const found = pattern.exec(mail.text)?.[0];
      if (found) {
        const url = new URL(found);
        link = `${url.pathname}${url.search}`;
      }
    }
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`Keine Mail an ${to} mit einem Link auf ${path} nach 20 s.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
