import type { TemplateProblem } from './template-errors.js';
import { themeCodeMessages as m } from './theme-code-messages.js';

/*
 * The mistakes in a stylesheet that would break every rule after them: unbalanced braces, an unclosed
 * comment or string. Browsers forgive everything else (an unknown property is skipped), so that is all a
 * save refuses. Positions are 1-based line and column.
 */
export function cssProblems(css: string): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const open: number[] = [];
  const at = (offset: number) => {
    const before = css.slice(0, offset);
    return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
  };
  for (let i = 0; i < css.length; i++) {
    const ch = css[i];
    if (ch === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      if (end === -1) {
        problems.push({ ...at(i), message: m.cssUnclosedComment });
        return problems;
      }
      i = end + 1;
    } else if (ch === '"' || ch === "'") {
      let j = i + 1;
      while (j < css.length && css[j] !== ch && css[j] !== '\n') j += css[j] === '\\' ? 2 : 1;
      if (css[j] !== ch) {
        problems.push({ ...at(i), message: m.cssUnclosedString });
        return problems;
      }
      i = j;
    } else if (ch === '{') open.push(i);
    else if (ch === '}') {
      if (open.length === 0) problems.push({ ...at(i), message: m.cssStrayBrace });
      else open.pop();
    }
  }
  for (const offset of open) problems.push({ ...at(offset), message: m.cssUnclosedBrace });
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}
