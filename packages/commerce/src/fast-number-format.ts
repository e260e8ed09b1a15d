// A JavaScript formatter that reproduces one Intl.NumberFormat for amounts with at most two decimals.
// ICU's format() is slow next to string building, and a shop page prints hundreds of prices. The pieces
// (sign and currency around the digits, group and decimal separators) are read from Intl's own output,
// and the result is compared with Intl on sample amounts before it is used: a locale whose layout does
// not fit (grouping other than by thousands, no grouping of four-digit numbers, ...) keeps Intl.

export interface AmountFormat {
  /** Formats an amount; `text` is its decimal string, used when the fast path cannot be exact. */
  format(amount: number, text?: string): string;
}

const SAMPLES = [
  0, 0.5, 5, 12.3, 999.99, 1000, 1234.5, 12345.67, 123456.7, 1234567.89, 100000000, 987654321.01,
];

interface Layout {
  prefix: string;
  suffix: string;
  negativePrefix: string;
  negativeSuffix: string;
  group: string;
  decimal: string;
}

function layoutOf(
  intl: Intl.NumberFormat,
  sample: number,
): Omit<Layout, 'negativePrefix' | 'negativeSuffix'> {
  const parts = intl.formatToParts(sample);
  const first = parts.findIndex((p) => p.type === 'integer');
  let last = -1;
  parts.forEach((p, i) => {
    if (p.type === 'integer' || p.type === 'fraction' || p.type === 'group' || p.type === 'decimal') last = i;
  });
  const text = (from: number, to: number) =>
    parts
      .slice(from, to)
      .map((p) => p.value)
      .join('');
  return {
    prefix: text(0, first),
    suffix: text(last + 1, parts.length),
    group: parts.find((p) => p.type === 'group')?.value ?? '',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '',
  };
}

function groupDigits(digits: string, separator: string): string {
  if (digits.length <= 3 || separator === '') return digits;
  let out = '';
  const head = digits.length % 3 || 3;
  out = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) out += separator + digits.slice(i, i + 3);
  return out;
}

class FastAmountFormat implements AmountFormat {
  readonly #scale: number;
  constructor(
    readonly intl: Intl.NumberFormat,
    readonly layout: Layout,
    readonly fractionDigits: number,
  ) {
    this.#scale = 10 ** fractionDigits;
  }

  format(amount: number, text?: string): string {
    const abs = Math.abs(amount);
    // Beyond 12 integer digits, or -0, Intl decides.
    if (!(abs < 1e12) || Object.is(amount, -0))
      return this.intl.format((text ?? amount) as Intl.StringNumericLiteral);
    const exact = abs * this.#scale;
    const scaled = Math.round(exact);
    // More decimals than the format shows: Intl rounds the decimal itself, so let it.
    if (Math.abs(exact - scaled) > 1e-6)
      return this.intl.format((text ?? amount) as Intl.StringNumericLiteral);
    const negative = amount < 0 && scaled !== 0;
    const { layout } = this;
    let digits: string;
    if (this.fractionDigits === 0) {
      digits = groupDigits(String(scaled), layout.group);
    } else {
      const fraction = scaled % this.#scale;
      const integer = (scaled - fraction) / this.#scale;
      digits = `${groupDigits(String(integer), layout.group)}${layout.decimal}${String(fraction).padStart(this.fractionDigits, '0')}`;
    }
    return negative
      ? layout.negativePrefix + digits + layout.negativeSuffix
      : layout.prefix + digits + layout.suffix;
  }
}

class IntlAmountFormat implements AmountFormat {
  constructor(readonly intl: Intl.NumberFormat) {}
  format(amount: number, text?: string): string {
    return this.intl.format((text ?? amount) as Intl.StringNumericLiteral);
  }
}

/** The fast formatter when it reproduces `intl` on every sample, else one that calls `intl`. */
export function amountFormat(intl: Intl.NumberFormat): AmountFormat {
  const options = intl.resolvedOptions();
  const fractionDigits = options.maximumFractionDigits ?? 2;
  const simple =
    options.minimumFractionDigits === fractionDigits &&
    fractionDigits <= 3 &&
    options.notation === 'standard' &&
    options.style !== 'percent' &&
    (options.style !== 'currency' || options.currencyDisplay !== 'name');
  if (!simple) return new IntlAmountFormat(intl);
  try {
    const positive = layoutOf(intl, 1234567.89);
    const negative = layoutOf(intl, -1234567.89);
    const fast = new FastAmountFormat(
      intl,
      { ...positive, negativePrefix: negative.prefix, negativeSuffix: negative.suffix },
      fractionDigits,
    );
    for (const sample of SAMPLES) {
      for (const value of [sample, -sample]) {
        if (fast.format(value) !== intl.format(value)) return new IntlAmountFormat(intl);
      }
    }
    return fast;
  } catch {
    return new IntlAmountFormat(intl);
  }
}
