import { describe, expect, it } from 'vitest';
import { pageBlock } from './page-blocks.js';

/* Block input checked on its own, without a database. */

const button = (href: string) => pageBlock.safeParse({ type: 'button', label: 'Los', href });

describe('button links', () => {
  it('R5.12.3 a link of no known form is refused with a message that names the forms a link may have', () => {
    for (const href of ['beispiel.de', 'www.beispiel.de/kontakt', 'javascript:alert(1)']) {
      const result = button(href);
      expect(result.success, href).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        `„${href}“ ist keine gültige Link-Adresse. Erlaubt sind https://…, mailto:…, tel:… und Pfade wie /kontakt.`,
      ]);
    }
    for (const href of [
      'https://beispiel.de',
      'http://beispiel.de/kontakt',
      '/kontakt',
      'mailto:a@b.de',
      'tel:+49 30 1234',
    ])
      expect(button(href).success, href).toBe(true);
  });
});
