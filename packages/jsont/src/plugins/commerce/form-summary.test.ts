import { describe, expect, it } from 'vitest';
import { summaryFormField } from './form-summary.js';
import { fakeScope } from './test-scope.js';

const summary = (field: object, root: object = {}) =>
  summaryFormField(field, [], fakeScope(root), []) as string;
const answer = (html: string) => /<\/span> ([\s\S]*)\n<\/div>$/.exec(html)?.[1];

describe('summary-form-field', () => {
  it('R8.8.3 shows N/A (or the site translation) when a field has no answer', () => {
    expect(answer(summary({ type: 'text', rawTitle: 'Gravur' }))).toBe('N/A');
    expect(answer(summary({ type: 'name', rawTitle: 'Name', values: {} }))).toBe('N/A');
    const root = { localizedStrings: { productSummaryFormNoAnswerText: 'Keine Angabe' } };
    expect(answer(summary({ type: 'text', rawTitle: 'Gravur' }, root))).toBe('Keine Angabe');
  });

  it('R3.15.4 R3.15.7 R3.15.8 reads compound answers by their parts', () => {
    const address = { Line1: 'Hauptstr. 1', City: 'Berlin', State: 'BE', Zip: '10115', Country: 'DE' };
    expect(answer(summary({ type: 'address', rawTitle: 'Adresse', values: address }))).toBe(
      '<div style="padding-left:5px;">\n  <div>Hauptstr. 1</div>\n  <div>Berlin, BE 10115 DE</div>\n</div>',
    );
    const phone = { Country: '49', Areacode: '30', Prefix: '123', Line: '4567' };
    expect(answer(summary({ type: 'phone', rawTitle: 'Telefon', values: phone }))).toBe('+49 30-123-4567');
    expect(
      answer(summary({ type: 'time', rawTitle: 'Zeit', values: { Hour: 7, Minute: 5, Ampm: 'pm' } })),
    ).toBe('7:05:00 pm');
  });

  it('R8.8.12 labels likert answers, translated when the site has the label', () => {
    const values = { Preis: '-2', Qualität: '0' };
    const html = summary(
      { type: 'likert', rawTitle: 'Umfrage', values },
      {
        localizedStrings: { productAnswerMapNeutral: 'Neutral (de)' },
      },
    );
    expect(html).toContain('<span style="font-weight:bold;">Preis:</span> Strongly Disagree</div>');
    expect(html).toContain('<span style="font-weight:bold;">Qualität:</span> Neutral (de)</div>');
  });

  it('R3.15.9 escapes titles and answers typed by shoppers', () => {
    const html = summary({ type: 'text', rawTitle: '<b>Titel</b>', value: '<img src=x onerror=alert(1)>' });
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;b&gt;Titel&lt;/b&gt;:</span> &lt;img src=x onerror=alert(1)&gt;');
  });
});
