import { templateErrorsAt } from '@baukasten/jsont';

/*
 * Parse errors of a JSON-T template with the line and column of the tag they belong to, in German. The
 * engine's parser gives each error's tag offset in one pass (an unclosed section: its opening tag).
 * Finding them by compiling growing prefixes, as before, cost one parse per tag: a 15 KB template with
 * an unclosed section took 8 s on the editor's check route (found with finding 6 of issue 18).
 */

export interface TemplateProblem {
  line: number;
  column: number;
  message: string;
}

const UNCLOSED = /^SyntaxError: Reached EOF in the middle of (.*)$/;

/** Line and column (from 1) of offsets in one source; line starts are found once, not per error. */
function positions(source: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  };
}

/** The engine's English message, said in German. */
export function germanMessage(message: string): string {
  const text = message.replace(/^SyntaxError: /, '');
  let m = /^Formatter '(.*)' is unknown$/.exec(text);
  if (m) return `Unbekannter Formatierer „${m[1]}“.`;
  m = /^Predicate '(.*)' is unknown$/.exec(text);
  if (m) return `Unbekanntes Prädikat „${m[1]}“.`;
  m = /^Reached EOF in the middle of (.*)$/.exec(text);
  if (m) return `${m[1]} wird nicht mit {.end} geschlossen.`;
  m = /^(\{.*\}) is not allowed at the top level$/.exec(text);
  if (m)
    return `${m[1]} steht außerhalb eines Abschnitts (kein offenes {.section}, {.repeated section} oder {.if}).`;
  m = /^This (.*) block will never execute\.$/.exec(text);
  if (m) return `Dieser {.or}-Zweig wird nie ausgeführt.`;
  return `Syntaxfehler: ${text}`;
}

export function templateProblems(source: string): TemplateProblem[] {
  const all = templateErrorsAt(source);
  if (all.length === 0) return [];
  const position = positions(source);
  const problems = all
    .filter((e) => !UNCLOSED.test(e.message))
    .map((e) => ({ ...position(e.offset), message: germanMessage(e.message) }));
  // Unclosed blocks are reported innermost first; the outermost one is the one to close.
  const unclosed = all.filter((e) => UNCLOSED.test(e.message));
  const outermost = unclosed[unclosed.length - 1];
  if (outermost) problems.push({ ...position(outermost.offset), message: germanMessage(outermost.message) });
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** „Zeile 3, Spalte 5: …“ */
export const problemText = (p: TemplateProblem) => `Zeile ${p.line}, Spalte ${p.column}: ${p.message}`;
