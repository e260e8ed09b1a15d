import { describe, expect, it } from 'vitest';
import {
  characterCounter,
  type FormFieldLike,
  formFieldProblem,
  isValidEmail,
  padPhoneParts,
  restockEmailProblem,
  serverFieldErrors,
  validateForm,
} from './form-validation.js';

const required = (type: string, extra: Partial<FormFieldLike> = {}): FormFieldLike => ({
  id: type,
  type,
  required: true,
  ...extra,
});

describe('required fields', () => {
  it.each([
    ['text', ''],
    ['text', '   '],
    ['textarea', undefined],
    ['email', ''],
    ['checkbox', []],
    ['radio', ''],
    ['select', null],
    ['name', { First: 'Ada' }],
    ['address', { Line1: '', City: 'Berlin', Country: 'DE' }],
    ['date', {}],
    ['time', {}],
    ['phone', { Areacode: '030', Prefix: '123' }],
  ] as const)('R5.5.2 an empty required %s gives Erforderlich', (type, value) => {
    expect(formFieldProblem(required(type), value)).toBe('Erforderlich');
  });

  it('R5.5.3 a required likert question missing an answer gives the survey message', () => {
    const field = required('likert', { questions: ['Service', 'Preis'] });
    expect(formFieldProblem(field, { Service: '1' })).toBe(
      'Die Umfrage ist ungültig. Eine erforderliche Frage fehlt.',
    );
    expect(formFieldProblem(field, { Service: '1', Preis: '-2' })).toBeNull();
    expect(formFieldProblem({ ...field, required: false }, {})).toBeNull();
  });

  it.each([
    ['text', ''],
    ['email', ''],
    ['checkbox', []],
    ['date', {}],
    ['phone', ['', '', '']],
    ['address', {}],
  ] as const)('R5.5.10 an optional empty %s is fine', (type, value) => {
    expect(formFieldProblem({ id: 'x', type }, value)).toBeNull();
  });

  it('R5.5.1 R5.5.11 validates every field and skips sections and hidden fields', () => {
    const fields: FormFieldLike[] = [
      { id: 's', type: 'section', required: true },
      { id: 'h', type: 'hidden', required: true },
      { id: 'n', type: 'text', required: true },
      { id: 'e', type: 'email' },
    ];
    expect(validateForm(fields, { e: 'kein-at' })).toEqual({
      fieldErrors: { n: 'Erforderlich', e: 'Die E-Mail-Adresse muss die Form nutzer@domain.de haben.' },
      captchaMissing: false,
      valid: false,
    });
    expect(validateForm(fields, { n: 'Ada' }).valid).toBe(true);
  });

  it('R5.5.12 a shown captcha must be completed', () => {
    expect(validateForm([], {}, { shown: true }).captchaMissing).toBe(true);
    expect(validateForm([], {}, { shown: true, token: 'tok' }).valid).toBe(true);
    expect(validateForm([], {}, { shown: false }).valid).toBe(true);
  });
});

describe('field rules', () => {
  it('R5.5.4 R5.5.5 R5.5.6 a textarea over its limit fails and its counter flags it', () => {
    const field = { id: 't', type: 'textarea', maxLength: 5 };
    expect(formFieldProblem(field, 'abcde')).toBeNull();
    expect(formFieldProblem(field, 'abcdef')).toBe('Zeichenbegrenzung überschritten');
    expect(characterCounter('abcdef', 5)).toEqual({ text: '6 / 5', overLimit: true });
    expect(characterCounter('äö', 5)).toEqual({ text: '2 / 5', overLimit: false });
  });

  it('R5.5.7 R5.5.8 R5.5.9 R9.4.1 email: a string of 3 to 256 characters matching user@domain', () => {
    expect(isValidEmail('a@b.de')).toBe(true);
    expect(isValidEmail(42)).toBe(false);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('ab')).toBe(false);
    expect(isValidEmail(`${'a'.repeat(252)}@b.de`)).toBe(false);
    expect(isValidEmail(`${'a'.repeat(251)}@b.de`)).toBe(true);
    expect(isValidEmail('', false)).toBe(true);
  });

  it('R9.4.2 a URL may have at most 2083 characters', () => {
    const field = { id: 'w', type: 'website' };
    expect(formFieldProblem(field, 'https://beispiel.de/pfad')).toBeNull();
    expect(formFieldProblem(field, `https://beispiel.de/${'a'.repeat(2064)}`)).toBe(
      'Die Adresse darf höchstens 2083 Zeichen lang sein.',
    );
    expect(formFieldProblem(field, `https://beispiel.de/${'a'.repeat(2063)}`)).toBeNull();
  });

  it('R5.5.15 a phone answer with 3 parts is padded to 4', () => {
    expect(padPhoneParts(['030', '123', '4567'])).toEqual(['', '030', '123', '4567']);
    expect(padPhoneParts(['49', '030', '123', '4567'])).toEqual(['49', '030', '123', '4567']);
    expect(formFieldProblem(required('phone'), ['030', '123', '4567'])).toBeNull();
    expect(formFieldProblem(required('phone'), ['030', 'abc', '4567'])).toBe('Ungültiger Wert');
  });

  it('R3.15.2 dates, times, choices and addresses are checked for sense', () => {
    expect(formFieldProblem(required('date'), { Month: '2', Day: '29', Year: '2024' })).toBeNull();
    expect(formFieldProblem(required('date'), { Month: '2', Day: '30', Year: '2024' })).toBe(
      'Ungültiger Wert',
    );
    expect(formFieldProblem(required('time'), { Hour: '9', Minute: '15', Ampm: 'am' })).toBeNull();
    expect(formFieldProblem(required('time'), { Hour: '13', Minute: '15' })).toBe('Ungültiger Wert');
    expect(formFieldProblem(required('select', { options: ['A', 'B'] }), 'C')).toBe('Ungültiger Wert');
    expect(formFieldProblem(required('checkbox', { options: ['A', 'B'] }), ['A', 'B'])).toBeNull();
    expect(
      formFieldProblem(required('address'), {
        Line1: 'Hauptstr. 1',
        City: 'Berlin',
        Zip: '1011',
        Country: 'DE',
      }),
    ).toBe('Die Postleitzahl muss aus fünf Ziffern bestehen.');
    expect(
      formFieldProblem(required('address'), {
        Line1: 'Hauptstr. 1',
        City: 'Berlin',
        Zip: '10115',
        Country: 'DE',
      }),
    ).toBeNull();
    expect(formFieldProblem(required('name'), { First: 'Ada', Last: 'Lovelace' })).toBeNull();
  });
});

describe('restock and server errors', () => {
  it('R5.4.4 an empty email gives the not-empty message', () => {
    expect(restockEmailProblem('')).toBe('E-Mail-Adresse darf nicht leer sein');
    expect(restockEmailProblem(undefined)).toBe('E-Mail-Adresse darf nicht leer sein');
  });

  it('R5.4.5 an invalid email gives the invalid message', () => {
    expect(restockEmailProblem('kunde@')).toBe('E-Mail-Adresse ist ungültig');
    expect(restockEmailProblem('kunde@beispiel.de')).toBeNull();
  });

  it('R5.5.13 R8.4.5 server errors map field ids to messages', () => {
    expect(serverFieldErrors({ f1: 'Erforderlich', f2: 3, f3: '' })).toEqual({ f1: 'Erforderlich' });
    expect(serverFieldErrors(null)).toEqual({});
    expect(serverFieldErrors(['x'])).toEqual({});
  });
});
