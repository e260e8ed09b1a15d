// @vitest-environment happy-dom
import { FORM_MESSAGES } from '@baukasten/commerce';
import { afterEach, describe, expect, it } from 'vitest';
import type { PurchaseCustomForm } from '../product/types.js';
import {
  cartAnswerValues,
  checkCartAnswersPost,
  renderCartAnswersFields,
  valuesOfCartAnswersPost,
} from './cart-answers-form.js';

const form: PurchaseCustomForm = {
  id: 'form-karte',
  name: 'Grußkarte',
  fields: [
    { id: 'gruss', type: 'textarea', title: 'Gruß', required: true, maxLength: 40 },
    { id: 'papier', type: 'radio', title: 'Papier', options: ['Matt', 'Glänzend'] },
    { id: 'extras', type: 'checkbox', title: 'Extras', options: ['Umschlag', 'Schleife'] },
    { id: 'eilig', type: 'checkbox', title: 'Eilig' },
    { id: 'termin', type: 'date', title: 'Liefertag' },
    { id: 'zufrieden', type: 'likert', title: 'Wie gefällt es dir?', questions: ['Auswahl', 'Preis'] },
    { id: 'abschnitt', type: 'section', title: 'Nur Überschrift' },
  ],
};

const stored = JSON.stringify([
  { id: 'gruss', type: 'textarea', rawTitle: 'Gruß', value: 'Alles Gute!' },
  { id: 'papier', type: 'radio', rawTitle: 'Papier', value: 'Glänzend' },
  { id: 'extras', type: 'checkbox', rawTitle: 'Extras', values: ['Schleife'] },
  { id: 'eilig', type: 'checkbox', rawTitle: 'Eilig', values: [] },
  { id: 'termin', type: 'date', rawTitle: 'Liefertag', values: { Month: '12', Day: '24', Year: '2026' } },
  { id: 'zufrieden', type: 'likert', rawTitle: 'Wie gefällt es dir?', values: { Auswahl: '2' } },
]);

/** What a browser posts for the rendered fields: every successful control by name, repeated names as lists. */
function postedBody(
  html: string,
  change?: (form: HTMLFormElement) => void,
): Record<string, string | string[]> {
  document.body.innerHTML = `<form>${html}</form>`;
  const element = document.querySelector('form')!;
  change?.(element);
  const body: Record<string, string | string[]> = {};
  for (const [name, value] of new FormData(element).entries()) {
    const text = String(value);
    const before = body[name];
    body[name] = before === undefined ? text : [...(Array.isArray(before) ? before : [before]), text];
  }
  return body;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('custom form answers on the cart page', () => {
  it('R3.5.3 renders the fields filled with the stored answers and reads them back unchanged', () => {
    const html = renderCartAnswersFields({ form, entryId: 'e1', values: cartAnswerValues(stored) });
    expect(html).toContain('Alles Gute!');
    expect(html).not.toContain('<script');
    const values = valuesOfCartAnswersPost(form, 'e1', postedBody(html));
    expect(values).toEqual({
      gruss: 'Alles Gute!',
      papier: 'Glänzend',
      extras: ['Schleife'],
      eilig: [],
      termin: { Month: '12', Day: '24', Year: '2026' },
      zufrieden: { Auswahl: '2' },
    });
  });

  it('R3.5.3 turns changed answers into the entry’s additionalFields JSON the modal also stores', () => {
    const html = renderCartAnswersFields({ form, entryId: 'e1', values: cartAnswerValues(stored) });
    const body = postedBody(html, (element) => {
      element.querySelector<HTMLTextAreaElement>('textarea')!.value = '  Für dich  ';
      element.querySelector<HTMLInputElement>('input[value="Umschlag"]')!.checked = true;
      element.querySelector<HTMLInputElement>('#angaben-e1-eilig-0')!.checked = true;
    });
    const checked = checkCartAnswersPost(form, 'e1', body);
    expect(checked.valid).toBe(true);
    if (!checked.valid) return;
    const answers = JSON.parse(checked.additionalFields);
    expect(answers.map((a: { id: string }) => a.id)).toEqual([
      'gruss',
      'papier',
      'extras',
      'eilig',
      'termin',
      'zufrieden',
    ]);
    expect(answers[0]).toEqual({ id: 'gruss', type: 'textarea', rawTitle: 'Gruß', value: 'Für dich' });
    expect(answers[2].values).toEqual(['Umschlag', 'Schleife']);
    expect(answers[3].values).toHaveLength(1);
  });

  it('R5.5.2 R5.5.4 refuses an empty required field and a text over its limit with the form rules', () => {
    const empty = checkCartAnswersPost(form, 'e1', { 'angaben-e1-papier': 'Matt' });
    expect(empty.valid).toBe(false);
    if (empty.valid) return;
    expect(empty.fieldErrors).toEqual({ gruss: FORM_MESSAGES.required });
    expect(empty.values.papier).toBe('Matt');
    const long = checkCartAnswersPost(form, 'e1', { gruss: 'x'.repeat(41) });
    expect(long.valid ? {} : long.fieldErrors).toEqual({ gruss: FORM_MESSAGES.characterLimitExceeded });
    // The message is shown above its field when the page is rendered again.
    const html = renderCartAnswersFields({
      form,
      entryId: 'e1',
      values: empty.values,
      errors: empty.fieldErrors,
    });
    expect(html).toContain(FORM_MESSAGES.required);
  });

  it('only counts checkbox choices the form offers, whatever a post claims', () => {
    const values = valuesOfCartAnswersPost(form, 'e1', {
      'angaben-e1-extras-0': 'Gold',
      'angaben-e1-extras-1': 'Schleife',
    });
    expect(values.extras).toEqual(['Schleife']);
  });
});
