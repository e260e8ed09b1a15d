import type { SiteFormField } from '@baukasten/storage';
import { describe, expect, it } from 'vitest';
import { formAnswers } from './form-answers.js';

const fields = [
  { id: 'quelle', type: 'hidden', title: 'Quelle', value: 'kontaktseite' },
  { id: 'kampagne', type: 'hidden', title: 'Kampagne' },
  { id: 'abschnitt', type: 'section', title: 'Über dich' },
] as SiteFormField[];

describe('stored answers of hidden fields', () => {
  it('keep what the page sent, else the owner’s value; structure fields store nothing', () => {
    const sent = formAnswers(fields, { quelle: 'newsletter-april' });
    expect(sent.map((a) => [a.fieldId, a.values])).toEqual([
      ['quelle', 'newsletter-april'],
      ['kampagne', ''],
    ]);
    expect(formAnswers(fields, {}).find((a) => a.fieldId === 'quelle')?.values).toBe('kontaktseite');
  });
});
