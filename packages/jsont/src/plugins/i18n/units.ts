// The `unit` formatter: converts a quantity between units (`in:inch out:centimeter`), splits it
// into a sequence (`sequence:foot,inch` -> 5′ 11″), or picks the most readable unit of a set
// (`compact:bytes` -> 15.1MB). US English shows US units, other locales metric ones.

import { numberFormat } from '@baukasten/commerce';
import type { Formatter, Predicate, RenderScope } from '../../plugin-api.js';
import { numberOption, parseDecimal, reconcileDigits } from './number-format.js';
import { scopeLocale } from './render-locale.js';
import { COMPACT_SETS, DEFAULT_SET, UNITS, type UnitCategory, unitNamed } from './unit-table.js';

type Width = 'narrow' | 'short' | 'long';

export interface UnitRequest {
  input?: string;
  outputs: string[];
  sequence: string[];
  compact?: string;
  width: Width;
  number: Intl.NumberFormatOptions;
}

const LITERS_PER_GALLON = 3.785411784;
const KILOMETERS_PER_MILE = 1.609344;

function splitOption(arg: string): [string, string] {
  const i = arg.indexOf(':');
  return i < 0 ? [arg, ''] : [arg.slice(0, i), arg.slice(i + 1)];
}

const unitList = (value: string) =>
  value
    .split(',')
    .map((name) => unitNamed(name))
    .filter((name): name is string => name !== null);

export function parseUnitArgs(args: string[]): UnitRequest {
  const request: UnitRequest = {
    outputs: [],
    sequence: [],
    width: 'narrow',
    number: { maximumFractionDigits: 1, useGrouping: false, roundingMode: 'halfEven' },
  };
  for (const arg of args) {
    const [key, value] = splitOption(arg);
    if (key === 'in') request.input = unitNamed(value) ?? `?${value}`;
    else if (key === 'out') request.outputs = unitList(value);
    else if (key === 'sequence') request.sequence = unitList(value);
    else if (key === 'compact') request.compact = value;
    else if (key === 'format' && (value === 'short' || value === 'long' || value === 'narrow'))
      request.width = value;
    else numberOption(request.number, key, value);
  }
  // An explicit maxfrac is a precision: '0.510Gs' keeps its zero. A larger minfrac lifts the maximum.
  const explicitMax = args.some((arg) => /^(maxfrac|maxFrac|maximumFractionDigits)[:=]/.test(arg));
  const { minimumFractionDigits: min, maximumFractionDigits: max } = request.number;
  if (explicitMax && min === undefined) request.number.minimumFractionDigits = max;
  if (min !== undefined && max !== undefined && min > max) request.number.maximumFractionDigits = min;
  reconcileDigits(request.number);
  return request;
}

/** US English (and the two other countries on US units) measure in US units. */
export function usesUsUnits(locale: string): boolean {
  try {
    const region = new Intl.Locale(locale).maximize().region;
    return region === 'US' || region === 'LR' || region === 'MM';
  } catch {
    return false;
  }
}

function toBase(value: number, unit: string): number {
  if (unit === 'fahrenheit') return ((value - 32) * 5) / 9;
  if (unit === 'kelvin') return value - 273.15;
  if (unit === 'mile-per-gallon') return LITERS_PER_GALLON / (KILOMETERS_PER_MILE * value);
  return value * UNITS[unit].factor;
}

function fromBase(value: number, unit: string): number {
  if (unit === 'fahrenheit') return (value * 9) / 5 + 32;
  if (unit === 'kelvin') return value + 273.15;
  if (unit === 'mile-per-gallon') return LITERS_PER_GALLON / (KILOMETERS_PER_MILE * value);
  return value / UNITS[unit].factor;
}

export function convertUnit(value: number, from: string, to: string): number {
  return from === to ? value : fromBase(toBase(value, from), to);
}

function compactSet(name: string, usUnits: boolean): string[] {
  const [us, metric] = COMPACT_SETS[name] ?? [[]];
  return usUnits || !metric ? us : metric;
}

/** The largest unit showing at least 1, else the smallest. */
function bestUnit(value: number, from: string, candidates: string[]): string {
  return (
    candidates.find((unit) => Math.abs(convertUnit(value, from, unit)) >= 1) ??
    candidates[candidates.length - 1]
  );
}

/** Without `in:` the value counts in the unit templates of that category usually give. */
function defaultInput(category: UnitCategory, usUnits: boolean): string {
  if (category === 'temperature') return usUnits ? 'fahrenheit' : 'celsius';
  if (category === 'volume') return usUnits ? 'cubic-inch' : 'cubic-centimeter';
  return (
    Object.keys(UNITS).find((unit) => UNITS[unit].category === category && UNITS[unit].factor === 1) ?? ''
  );
}

function pluralCategory(
  value: number,
  locale: string,
  options: Intl.NumberFormatOptions,
): Intl.LDMLPluralRule {
  return new Intl.PluralRules(locale, {
    minimumFractionDigits: options.minimumFractionDigits,
    maximumFractionDigits: options.maximumFractionDigits,
  }).select(value);
}

/** CLDR's English narrow byte is the word, where Intl abbreviates it to 'B'. */
const ENGLISH_NARROW: Record<string, string> = { byte: '{0}byte' };

export function formatQuantity(
  value: number,
  unit: string,
  width: Width,
  options: Intl.NumberFormatOptions,
  locale: string,
): string {
  const info = UNITS[unit];
  const englishNarrow = width === 'narrow' && locale.startsWith('en') ? ENGLISH_NARROW[unit] : undefined;
  if (englishNarrow) return englishNarrow.replace('{0}', numberFormat(locale, options).format(value));
  if (info.intl) {
    return numberFormat(locale, { ...options, style: 'unit', unit, unitDisplay: width }).format(value);
  }
  const number = numberFormat(locale, options).format(value);
  const names = info.names!;
  const pattern = names[width];
  const chosen =
    typeof pattern === 'string' ? pattern : pattern[pluralCategory(value, locale, options) === 'one' ? 0 : 1];
  return chosen.replace('{0}', number);
}

/** Whole units down the sequence and the rest, with fraction digits, in the last one. */
function formatSequence(
  value: number,
  from: string,
  units: string[],
  request: UnitRequest,
  locale: string,
): string {
  const negative = value < 0;
  let rest = Math.abs(convertUnit(value, from, units[0]));
  const parts: string[] = [];
  units.forEach((unit, i) => {
    const last = i === units.length - 1;
    const amount = last ? rest : Math.trunc(rest);
    if (amount !== 0 || (last && parts.length === 0)) {
      parts.push(
        formatQuantity(
          amount,
          unit,
          request.width,
          last ? request.number : { ...request.number, maximumFractionDigits: 0 },
          locale,
        ),
      );
    }
    if (!last) rest = convertUnit(rest - amount, unit, units[i + 1]);
  });
  return (negative ? '-' : '') + parts.join(' ');
}

export function formatUnit(amount: number, request: UnitRequest, locale: string): string {
  const usUnits = usesUsUnits(locale);
  const anyOutput =
    request.sequence[0] ?? request.outputs[0] ?? compactSet(request.compact ?? '', usUnits)[0];
  if (request.input?.startsWith('?')) return '';
  const input = request.input ?? (anyOutput ? defaultInput(UNITS[anyOutput].category, usUnits) : undefined);
  if (!input) return '';
  const category = UNITS[input].category;
  const sameCategory = (units: string[]) => units.filter((unit) => UNITS[unit].category === category);
  const sequence = sameCategory(request.sequence);
  if (sequence.length > 0) return formatSequence(amount, input, sequence, request, locale);
  let candidates = sameCategory(request.outputs);
  if (candidates.length === 0) {
    candidates = sameCategory(compactSet(request.compact ?? DEFAULT_SET[category], usUnits));
  }
  if (candidates.length === 0) candidates = [input];
  const unit = candidates.length === 1 ? candidates[0] : bestUnit(amount, input, candidates);
  return formatQuantity(convertUnit(amount, input, unit), unit, request.width, request.number, locale);
}

export function formatUnitArgs(value: unknown, args: string[], scope: RenderScope): string {
  const decimal = parseDecimal(value);
  if (decimal === null) return '';
  return formatUnit(Number(decimal), parseUnitArgs(args), scopeLocale(scope));
}

export const unitFormatter: Formatter = (value, args, scope) => formatUnitArgs(value, args, scope);

/** Spec 8: `.units-metric?` is the one template helper not implemented yet; it says so and is false. */
export const unitPredicates: Record<string, Predicate> = {
  'units-metric': (_args, scope) => {
    scope.error('engine', "Predicate 'units-metric?' is not implemented yet.");
    return false;
  },
};
