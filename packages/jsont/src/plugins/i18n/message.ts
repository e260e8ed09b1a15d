// ICU-like messages for the `message` and `plural` formatters: `{0}`, `{name}`, plural, select and
// selectordinal branches with `#`, and formatted arguments such as `{0 decimal style:short}`,
// `{0 money}`, `{0 datetime date:short}`, `{0;1 datetime-interval}` and `{0 unit in:byte}`.

import type { Formatter, RenderScope } from '../../plugin-api.js';
import { asNumber, asText } from '../content/template-values.js';
import { isDateInstant, websiteTimeZone } from '../date/time-zone.js';
import {
  formatDatetime,
  formatDatetimeInterval,
  parseDatetimeArgs,
  parseIntervalSkeleton,
} from './datetime.js';
import { formatCurrency, formatDecimal, parseDecimal } from './number-format.js';
import { scopeLocale } from './render-locale.js';
import { formatUnitArgs } from './units.js';

type Part = string | Placeholder;

interface Placeholder {
  args: string[];
  kind: string;
  options: string[];
  branches: Map<string, string>;
}

const BRANCHING = new Set(['plural', 'selectordinal', 'select']);

/** Index just past the brace that closes the one at `open`; -1 when unbalanced. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

function parsePlaceholder(body: string): Placeholder {
  const head = /^\s*(\S+)\s*(\S*)\s*/.exec(body) ?? ['', '', ''];
  const [consumed, argText, kind] = head;
  const rest = body.slice(consumed.length);
  const placeholder: Placeholder = { args: argText.split(';'), kind, options: [], branches: new Map() };
  if (!BRANCHING.has(kind)) {
    placeholder.options = rest.split(/\s+/).filter(Boolean);
    return placeholder;
  }
  let i = 0;
  while (i < rest.length) {
    const open = rest.indexOf('{', i);
    if (open < 0) break;
    const close = closingBrace(rest, open);
    if (close < 0) break;
    placeholder.branches.set(rest.slice(i, open).trim(), rest.slice(open + 1, close - 1));
    i = close;
  }
  return placeholder;
}

const parsedMessages = new Map<string, Part[]>();

/** Text and placeholders; a stray brace is kept as text. Parses are cached per message. */
export function parseMessage(message: string): Part[] {
  const cached = parsedMessages.get(message);
  if (cached) return cached;
  const parts: Part[] = [];
  let text = '';
  let i = 0;
  while (i < message.length) {
    const ch = message[i];
    const close = ch === '{' ? closingBrace(message, i) : -1;
    if (close < 0) {
      text += ch;
      i++;
      continue;
    }
    if (text) parts.push(text);
    text = '';
    parts.push(parsePlaceholder(message.slice(i + 1, close - 1)));
    i = close;
  }
  if (text) parts.push(text);
  if (parsedMessages.size > 500) parsedMessages.clear();
  parsedMessages.set(message, parts);
  return parts;
}

export interface MessageArgs {
  positional: unknown[];
  keyword: Record<string, unknown>;
}

interface MessageContext {
  args: MessageArgs;
  scope: RenderScope;
}

function argument(name: string, context: MessageContext): unknown {
  if (/^\d+$/.test(name)) return context.args.positional[Number(name)];
  if (Object.hasOwn(context.args.keyword, name)) return context.args.keyword[name];
  return undefined;
}

/** Plural category of a number as written: '1.0' shows a fraction digit, so it is not 'one' in English. */
export function pluralCategory(value: unknown, locale: string, type: Intl.PluralRuleType): string {
  const decimal = parseDecimal(value);
  if (decimal === null) return 'other';
  const fraction = /\.(\d+)/.exec(decimal)?.[1]?.length ?? 0;
  try {
    return new Intl.PluralRules(locale, { type, minimumFractionDigits: fraction }).select(Number(decimal));
  } catch {
    return new Intl.PluralRules('en-US', { type, minimumFractionDigits: fraction }).select(Number(decimal));
  }
}

function branch(placeholder: Placeholder, value: unknown, locale: string): string | undefined {
  const { branches, kind } = placeholder;
  if (kind === 'select') return branches.get(asText(value)) ?? branches.get('other');
  const exact = branches.get(`=${asText(value)}`) ?? branches.get(`=${asNumber(value)}`);
  if (exact !== undefined) return exact;
  const category = pluralCategory(value, locale, kind === 'selectordinal' ? 'ordinal' : 'cardinal');
  return branches.get(category) ?? branches.get('other');
}

function formatPlaceholder(placeholder: Placeholder, context: MessageContext, hash: string | null): string {
  const { scope } = context;
  const values = placeholder.args.map((name) => argument(name, context));
  const value = values[0];
  switch (placeholder.kind) {
    case '':
      return asText(value);
    case 'plural':
    case 'selectordinal':
    case 'select': {
      const chosen = branch(placeholder, value, scopeLocale(scope));
      if (chosen === undefined) return '';
      return render(parseMessage(chosen), context, placeholder.kind === 'select' ? hash : asText(value));
    }
    case 'number':
    case 'decimal':
      return formatDecimal(value, placeholder.options, scopeLocale(scope));
    case 'money':
    case 'currency':
      return formatCurrency(value, placeholder.options, scopeLocale(scope));
    case 'datetime': {
      const epochMs = asNumber(value);
      if (!isDateInstant(epochMs)) return '';
      return formatDatetime(
        epochMs,
        parseDatetimeArgs(placeholder.options),
        scopeLocale(scope),
        websiteTimeZone(scope),
      );
    }
    case 'datetime-interval': {
      const [start, end] = [asNumber(values[0]), asNumber(values[1])];
      if (!isDateInstant(start) || !isDateInstant(end)) return '';
      const skeleton = parseIntervalSkeleton(placeholder.options);
      return formatDatetimeInterval(start, end, skeleton, scopeLocale(scope), websiteTimeZone(scope));
    }
    case 'unit':
      return formatUnitArgs(value, placeholder.options, scope);
    default:
      return asText(value);
  }
}

function render(parts: Part[], context: MessageContext, hash: string | null): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += hash === null ? part : part.replaceAll('#', hash);
    else out += formatPlaceholder(part, context, hash);
  }
  return out;
}

export function formatMessage(message: string, args: MessageArgs, scope: RenderScope): string {
  return render(parseMessage(message), { args, scope }, null);
}

/**
 * Template arguments are variables: `foo` is positional, `x=path` and `x:path` are named and also
 * take the next position.
 */
export function messageArgs(args: string[], scope: RenderScope): MessageArgs {
  const result: MessageArgs = { positional: [], keyword: {} };
  const resolve = (path: string) => (scope.resolveEnclosing ?? scope.resolve).call(scope, path);
  for (const arg of args) {
    const i = arg.search(/[:=]/);
    if (i < 0) {
      result.positional.push(resolve(arg));
      continue;
    }
    const value = resolve(arg.slice(i + 1));
    result.keyword[arg.slice(0, i)] = value;
    result.positional.push(value);
  }
  return result;
}

export const messageFormatter: Formatter = (value, args, scope) =>
  formatMessage(asText(value), messageArgs(args, scope), scope);
