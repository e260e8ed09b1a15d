import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { expect } from 'vitest';

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
  let link = '';
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  await expect
    .poll(
      async () => {
        for (const mail of await mailsIn(dataDir)) {
          if (!mail.to.toLowerCase().includes(to.toLowerCase())) continue;
          const found = new RegExp(`https?://\\S+${escaped}\\?\\S+`).exec(mail.text)?.[0];
          if (found) {
            const url = new URL(found);
            link = `${url.pathname}${url.search}`;
          }
        }
        return link;
      },
      { timeout: 20_000, interval: 250 },
    )
    .not.toBe('');
  return link;
}
