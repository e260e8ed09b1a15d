// Readable summaries of submitted form answers (order emails, form-answer templates), by field type.

/** Shown when a field has no answer (spec 8). */
export const NO_ANSWER_TEXT = 'N/A';

/** Likert answers -2 to 2 (spec 8). */
export const LIKERT_LABELS: Readonly<Record<'-2' | '-1' | '0' | '1' | '2', string>> = {
  '-2': 'Strongly Disagree',
  '-1': 'Disagree',
  '0': 'Neutral',
  '1': 'Agree',
  '2': 'Strongly Agree',
};

/**
 * The same scale on German sites (issue 22): the spec's labels are the platform's English fallbacks,
 * and a German survey must not ask in English. Keys are the template keys (`productAnswerMap…`).
 */
export const GERMAN_LIKERT_LABELS: Readonly<Record<'-2' | '-1' | '0' | '1' | '2', string>> = {
  '-2': 'Stimme überhaupt nicht zu',
  '-1': 'Stimme nicht zu',
  '0': 'Neutral',
  '1': 'Stimme zu',
  '2': 'Stimme voll und ganz zu',
};

/** The parts each compound answer is stored in (spec 3). */
export const ANSWER_PARTS = {
  address: ['Line1', 'Line2', 'City', 'State', 'Zip', 'Country'],
  date: ['Month', 'Day', 'Year'],
  name: ['First', 'Last'],
  phone: ['Country', 'Areacode', 'Prefix', 'Line'],
  time: ['Hour', 'Minute', 'Second', 'Ampm'],
} as const;

/** A submitted answer: `value` for single-value fields, `values` for compound ones and checkboxes. */
export interface FormAnswerLike {
  type?: string | null;
  rawTitle?: string | null;
  value?: unknown;
  values?: unknown;
}

export type AnswerSummary =
  | { kind: 'text'; text: string }
  /** Several lines, e.g. an address. */
  | { kind: 'lines'; lines: string[] }
  /** Question and answer pairs, e.g. a likert survey. */
  | { kind: 'pairs'; pairs: { label: string; text: string }[] };

type Parts = Record<string, unknown>;

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function parts(values: unknown): Parts | null {
  return values && typeof values === 'object' && !Array.isArray(values) ? (values as Parts) : null;
}

function joined(...pieces: string[]): string {
  return pieces.filter((p) => p !== '').join(' ');
}

function noAnswer(): AnswerSummary {
  return { kind: 'text', text: NO_ANSWER_TEXT };
}

function orNoAnswer(value: string): AnswerSummary {
  return value === '' ? noAnswer() : { kind: 'text', text: value };
}

/** Likert label for an answer value, or the value itself when it is not -2 to 2. */
export function likertLabel(value: unknown): string {
  const key = text(value);
  return (LIKERT_LABELS as Record<string, string>)[key] ?? key;
}

function addressSummary(p: Parts): AnswerSummary {
  const place = joined(
    [text(p.City), text(p.State)].filter((x) => x !== '').join(', '),
    text(p.Zip),
    text(p.Country),
  );
  const lines = [text(p.Line1), text(p.Line2), place].filter((line) => line !== '');
  return lines.length ? { kind: 'lines', lines } : noAnswer();
}

function dateSummary(p: Parts): AnswerSummary {
  const pieces = [text(p.Month), text(p.Day), text(p.Year)];
  return pieces.every((x) => x === '') ? noAnswer() : { kind: 'text', text: pieces.join('/') };
}

function phoneSummary(p: Parts): AnswerSummary {
  const country = text(p.Country);
  const number = [text(p.Areacode), text(p.Prefix), text(p.Line)].filter((x) => x !== '').join('-');
  return orNoAnswer(joined(country ? `+${country}` : '', number));
}

function timeSummary(p: Parts): AnswerSummary {
  const hour = text(p.Hour);
  const minute = text(p.Minute);
  const second = text(p.Second);
  if (hour === '' && minute === '' && second === '') return noAnswer();
  // Missing parts read as "00"; minutes and seconds are always two digits, hours as entered.
  const clock = [hour || '00', minute.padStart(2, '0'), second.padStart(2, '0')].join(':');
  return { kind: 'text', text: joined(clock, text(p.Ampm)) };
}

function likertSummary(p: Parts): AnswerSummary {
  const pairs = Object.entries(p).map(([label, value]) => ({ label, text: likertLabel(value) }));
  return pairs.length ? { kind: 'pairs', pairs } : noAnswer();
}

function listSummary(answer: FormAnswerLike): AnswerSummary {
  if (Array.isArray(answer.values)) {
    return orNoAnswer(
      answer.values
        .map(text)
        .filter((x) => x !== '')
        .join(', '),
    );
  }
  return orNoAnswer(text(answer.value));
}

/**
 * The answer as a shopper or site owner reads it: address as lines ('New York, New York 10013 US'),
 * date 'M/D/Y', name 'First Last', phone '+1 646-123-0000', time '9:15:31 am', likert as
 * question/label pairs, checkboxes joined with ', '; 'N/A' when there is nothing.
 */
export function summarizeFormAnswer(answer: FormAnswerLike | null | undefined): AnswerSummary {
  if (!answer || typeof answer !== 'object') return noAnswer();
  const compound = parts(answer.values);
  switch (answer.type) {
    case 'address':
      return compound ? addressSummary(compound) : noAnswer();
    case 'date':
      return compound ? dateSummary(compound) : noAnswer();
    case 'name':
      return compound ? orNoAnswer(joined(text(compound.First), text(compound.Last))) : noAnswer();
    case 'phone':
      return compound ? phoneSummary(compound) : noAnswer();
    case 'time':
      return compound ? timeSummary(compound) : noAnswer();
    case 'likert':
      return compound ? likertSummary(compound) : noAnswer();
    default:
      return listSummary(answer);
  }
}

/** The summary flattened to one line of plain text (lines joined with ', '). */
export function formAnswerText(answer: FormAnswerLike | null | undefined): string {
  const summary = summarizeFormAnswer(answer);
  if (summary.kind === 'text') return summary.text;
  if (summary.kind === 'lines') return summary.lines.join(', ');
  return summary.pairs.map((pair) => `${pair.label}: ${pair.text}`).join(', ');
}
