// `summary-form-field`: one answer of a product's additional-fields form, as shown in the cart and
// order summaries. The reading of each field type is summarizeFormAnswer in @baukasten/commerce.

import { type FormAnswerLike, LIKERT_LABELS, NO_ANSWER_TEXT, summarizeFormAnswer } from '@baukasten/commerce';
import type { Formatter, RenderScope } from '../../plugin-api.js';
import { escapeHtml, plainText } from './html-escaping.js';
import { asRecord, localizedOr, localizedString } from './template-context.js';

const LIKERT_TEXTS = new Set<string>(Object.values(LIKERT_LABELS));

/** The site's translation of a likert label (productAnswerMapStronglyAgree, ...). */
function likertText(label: string, scope: RenderScope): string {
  if (!LIKERT_TEXTS.has(label)) return label;
  return localizedOr(scope, `productAnswerMap${label.replace(/ /g, '')}`, label);
}

const indented = (rows: string[]) =>
  `<div style="padding-left:5px;">${rows.map((row) => `\n  <div>${row}</div>`).join('')}\n</div>`;

function answerMarkup(answer: FormAnswerLike, scope: RenderScope): string | null {
  const summary = summarizeFormAnswer(answer);
  if (summary.kind === 'lines') return indented(summary.lines.map(escapeHtml));
  if (summary.kind === 'pairs') {
    return indented(
      summary.pairs.map(
        (pair) =>
          `<span style="font-weight:bold;">${escapeHtml(pair.label)}:</span> ${escapeHtml(likertText(pair.text, scope))}`,
      ),
    );
  }
  if (summary.text === NO_ANSWER_TEXT) return null;
  // A list of checked boxes ends its line the way the legacy summary always has.
  const listed = answer.type === 'checkbox' && Array.isArray(answer.values);
  return escapeHtml(summary.text) + (listed ? '\n' : '');
}

/** `{field|summary-form-field}`: 'Title: answer', or 'N/A' (translatable) when there is none. */
export const summaryFormField: Formatter = (value, _args, scope) => {
  const answer = (asRecord(value) ?? {}) as FormAnswerLike;
  const noAnswer = localizedString(scope, 'productSummaryFormNoAnswerText').trim() || NO_ANSWER_TEXT;
  const text = answerMarkup(answer, scope) ?? escapeHtml(noAnswer);
  return (
    '<div style="font-size:11px; margin-top:3px">\n' +
    `  <span style="font-weight:bold;">${escapeHtml(plainText(answer.rawTitle))}:</span> ${text}\n</div>`
  );
};
