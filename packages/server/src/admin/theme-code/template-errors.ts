import { compile } from '@baukasten/jsont';

/*
 * Parse errors of a JSON-T template with the line and column they start at, in German. The engine reports
 * errors without a position, so the position is found by compiling growing prefixes of the source: an
 * error belongs to the first tag after which it appears. An unclosed section is reported at its opening
 * tag (the last tag after which the template stays unclosed).
 */

export interface TemplateProblem {
  line: number;
  column: number;
  message: string;
}

const TAG = /\{[^{}]*\}/g;
const UNCLOSED = /^SyntaxError: Reached EOF in the middle of (.*)$/;

function position(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
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

const errorsOf = (source: string) => compile(source).errors.map((e) => e.message);

export function templateProblems(source: string): TemplateProblem[] {
  const all = errorsOf(source);
  if (all.length === 0) return [];
  const ends = [...source.matchAll(TAG)].map((m) => ({ start: m.index!, end: m.index! + m[0].length }));
  const problems: TemplateProblem[] = [];

  const located = all.filter((e) => !UNCLOSED.test(e));
  if (located.length > 0) {
    // Errors of tags are monotone in the prefix: once a tag's error shows, longer prefixes keep it.
    const count = (k: number) =>
      errorsOf(source.slice(0, ends[k]!.end)).filter((e) => !UNCLOSED.test(e)).length;
    let found = 0;
    for (let n = 1; n <= located.length; n++) {
      let lo = found;
      let hi = ends.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (count(mid) >= n) hi = mid;
        else lo = mid + 1;
      }
      found = lo;
      const tag = ends[lo];
      problems.push({ ...position(source, tag?.start ?? 0), message: germanMessage(located[n - 1]!) });
    }
  }

  const unclosed = all.filter((e) => UNCLOSED.test(e));
  if (unclosed.length > 0) {
    // The outermost open section: the last tag after which the prefix is open at every later tag.
    let opening = 0;
    let wasClosed = true;
    for (let k = 0; k < ends.length; k++) {
      const open = errorsOf(source.slice(0, ends[k]!.end)).some((e) => UNCLOSED.test(e));
      if (open && wasClosed) opening = k;
      wasClosed = !open;
    }
    problems.push({
      ...position(source, ends[opening]?.start ?? 0),
      message: germanMessage(unclosed[unclosed.length - 1]!),
    });
  }
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** „Zeile 3, Spalte 5: …“ */
export const problemText = (p: TemplateProblem) => `Zeile ${p.line}, Spalte ${p.column}: ${p.message}`;
