// Units the `unit` formatter converts between: factor to the category's base unit, and English
// names for the units Intl.NumberFormat cannot name itself (angles, areas, volumes, power...).

export type UnitCategory =
  | 'acceleration'
  | 'angle'
  | 'area'
  | 'consumption'
  | 'digital'
  | 'duration'
  | 'electric'
  | 'energy'
  | 'frequency'
  | 'length'
  | 'mass'
  | 'power'
  | 'speed'
  | 'temperature'
  | 'volume';

/** Patterns with {0}; a pair is [singular, plural]. */
export interface UnitNames {
  narrow: string | [string, string];
  short: string | [string, string];
  long: [string, string];
}

export interface UnitInfo {
  category: UnitCategory;
  /** Multiply by this to get the base unit of the category. */
  factor: number;
  /** Intl can name the unit itself. */
  intl: boolean;
  names?: UnitNames;
}

const names = (narrow: string, short: string, one: string, other: string): UnitNames => ({
  narrow,
  short,
  long: [one, other],
});

const DAY = 86_400;
/** The Gregorian mean year, so twelve months and a century come out even. */
const YEAR = 365.2425 * DAY;
const INCH = 0.0254;
const FOOT = 12 * INCH;
const YARD = 3 * FOOT;
const MILE = 1760 * YARD;
const GALLON = 3.785411784e-3;
const KIBI = 1024;

type Row = [category: UnitCategory, factor: number, names?: UnitNames];

const ROWS: Record<string, Row> = {
  // Base g-force is 1 m/s² times standard gravity.
  'g-force': [
    'acceleration',
    9.80665,
    { narrow: ['{0}G', '{0}Gs'], short: '{0} G', long: ['{0} g-force', '{0} g-force'] },
  ],
  'meter-per-second-squared': [
    'acceleration',
    1,
    names('{0}m/s²', '{0} m/s²', '{0} meter per second squared', '{0} meters per second squared'),
  ],

  revolution: ['angle', 360, names('{0}rev', '{0} rev', '{0} revolution', '{0} revolutions')],
  radian: ['angle', 180 / Math.PI, names('{0}rad', '{0} rad', '{0} radian', '{0} radians')],
  degree: ['angle', 1],
  'arc-minute': ['angle', 1 / 60, names('{0}′', '{0} arcmins', '{0} arcminute', '{0} arcminutes')],
  'arc-second': ['angle', 1 / 3600, names('{0}″', '{0} arcsecs', '{0} arcsecond', '{0} arcseconds')],

  'square-kilometer': [
    'area',
    1e6,
    names('{0} km²', '{0} km²', '{0} square kilometer', '{0} square kilometers'),
  ],
  hectare: ['area', 1e4],
  'square-meter': ['area', 1, names('{0}m²', '{0} m²', '{0} square meter', '{0} square meters')],
  'square-centimeter': [
    'area',
    1e-4,
    names('{0}cm²', '{0} cm²', '{0} square centimeter', '{0} square centimeters'),
  ],
  'square-mile': ['area', MILE * MILE, names('{0}mi²', '{0} sq mi', '{0} square mile', '{0} square miles')],
  acre: ['area', 4046.8564224],
  'square-yard': ['area', YARD * YARD, names('{0}yd²', '{0} yd²', '{0} square yard', '{0} square yards')],
  'square-foot': ['area', FOOT * FOOT, names('{0}ft²', '{0} sq ft', '{0} square foot', '{0} square feet')],
  'square-inch': ['area', INCH * INCH, names('{0}in²', '{0} in²', '{0} square inch', '{0} square inches')],

  'liter-per-kilometer': ['consumption', 1],
  'liter-per-100kilometers': [
    'consumption',
    0.01,
    names('{0}L/100km', '{0} L/100km', '{0} liter per 100 kilometers', '{0} liters per 100 kilometers'),
  ],
  // Miles per gallon grow as consumption falls; see `toBase`.
  'mile-per-gallon': ['consumption', Number.NaN],

  bit: ['digital', 1],
  kilobit: ['digital', 1e3],
  megabit: ['digital', 1e6],
  gigabit: ['digital', 1e9],
  terabit: ['digital', 1e12],
  petabit: ['digital', 1e15, names('{0}Pb', '{0} Pb', '{0} petabit', '{0} petabits')],
  byte: ['digital', 8],
  kilobyte: ['digital', 8 * KIBI],
  megabyte: ['digital', 8 * KIBI ** 2],
  gigabyte: ['digital', 8 * KIBI ** 3],
  terabyte: ['digital', 8 * KIBI ** 4],
  petabyte: ['digital', 8 * KIBI ** 5],

  century: ['duration', 100 * YEAR, names('{0}c', '{0} c', '{0} century', '{0} centuries')],
  year: ['duration', YEAR],
  month: ['duration', YEAR / 12],
  week: ['duration', 7 * DAY],
  day: ['duration', DAY],
  hour: ['duration', 3600],
  minute: ['duration', 60],
  second: ['duration', 1],
  millisecond: ['duration', 1e-3],
  microsecond: ['duration', 1e-6],
  nanosecond: ['duration', 1e-9],

  ampere: ['electric', 1, names('{0}A', '{0} A', '{0} ampere', '{0} amperes')],
  milliampere: ['electric', 1e-3, names('{0}mA', '{0} mA', '{0} milliampere', '{0} milliamperes')],

  kilojoule: ['energy', 1e3, names('{0}kJ', '{0} kJ', '{0} kilojoule', '{0} kilojoules')],
  joule: ['energy', 1, names('{0}J', '{0} J', '{0} joule', '{0} joules')],

  gigahertz: ['frequency', 1e9, names('{0}GHz', '{0} GHz', '{0} gigahertz', '{0} gigahertz')],
  megahertz: ['frequency', 1e6, names('{0}MHz', '{0} MHz', '{0} megahertz', '{0} megahertz')],
  kilohertz: ['frequency', 1e3, names('{0}kHz', '{0} kHz', '{0} kilohertz', '{0} kilohertz')],
  hertz: ['frequency', 1, names('{0}Hz', '{0} Hz', '{0} hertz', '{0} hertz')],

  parsec: ['length', 3.085677581491367e16, names('{0}pc', '{0} pc', '{0} parsec', '{0} parsecs')],
  'light-year': ['length', 9460730472580800, names('{0}ly', '{0} ly', '{0} light year', '{0} light years')],
  'astronomical-unit': [
    'length',
    149597870700,
    names('{0}au', '{0} au', '{0} astronomical unit', '{0} astronomical units'),
  ],
  kilometer: ['length', 1000],
  meter: ['length', 1],
  centimeter: ['length', 0.01],
  millimeter: ['length', 0.001],
  mile: ['length', MILE],
  yard: ['length', YARD],
  foot: ['length', FOOT],
  inch: ['length', INCH],
  point: ['length', INCH / 72, names('{0}pt', '{0} pt', '{0} point', '{0} points')],

  'metric-ton': ['mass', 1000, names('{0}t', '{0} t', '{0} metric ton', '{0} metric tons')],
  kilogram: ['mass', 1],
  gram: ['mass', 1e-3],
  ton: ['mass', 907.18474, names('{0}tn', '{0} tn', '{0} ton', '{0} tons')],
  pound: ['mass', 0.45359237],
  ounce: ['mass', 0.028349523125],

  gigawatt: ['power', 1e9, names('{0}GW', '{0} GW', '{0} gigawatt', '{0} gigawatts')],
  megawatt: ['power', 1e6, names('{0}MW', '{0} MW', '{0} megawatt', '{0} megawatts')],
  kilowatt: ['power', 1e3, names('{0}kW', '{0} kW', '{0} kilowatt', '{0} kilowatts')],
  watt: ['power', 1, names('{0}W', '{0} W', '{0} watt', '{0} watts')],
  milliwatt: ['power', 1e-3, names('{0}mW', '{0} mW', '{0} milliwatt', '{0} milliwatts')],
  horsepower: ['power', 745.69987158227, names('{0}hp', '{0} hp', '{0} horsepower', '{0} horsepower')],

  'kilometer-per-hour': ['speed', 1 / 3.6],
  'meter-per-second': ['speed', 1],
  'mile-per-hour': ['speed', MILE / 3600],

  celsius: ['temperature', 1],
  fahrenheit: ['temperature', 1],
  kelvin: ['temperature', 1, names('{0}K', '{0} K', '{0} kelvin', '{0} kelvins')],

  'cubic-mile': ['volume', MILE ** 3, names('{0}mi³', '{0} mi³', '{0} cubic mile', '{0} cubic miles')],
  'cubic-yard': ['volume', YARD ** 3, names('{0}yd³', '{0} yd³', '{0} cubic yard', '{0} cubic yards')],
  'cubic-foot': ['volume', FOOT ** 3, names('{0}ft³', '{0} ft³', '{0} cubic foot', '{0} cubic feet')],
  'cubic-inch': ['volume', INCH ** 3, names('{0}in³', '{0} in³', '{0} cubic inch', '{0} cubic inches')],
  'cubic-kilometer': [
    'volume',
    1e9,
    names('{0}km³', '{0} km³', '{0} cubic kilometer', '{0} cubic kilometers'),
  ],
  'cubic-meter': ['volume', 1, names('{0}m³', '{0} m³', '{0} cubic meter', '{0} cubic meters')],
  'cubic-centimeter': [
    'volume',
    1e-6,
    names('{0}cm³', '{0} cm³', '{0} cubic centimeter', '{0} cubic centimeters'),
  ],
  liter: ['volume', 1e-3],
  milliliter: ['volume', 1e-6],
  gallon: ['volume', GALLON],
  quart: ['volume', GALLON / 4, names('{0}qt', '{0} qt', '{0} quart', '{0} quarts')],
  pint: ['volume', GALLON / 8, names('{0}pt', '{0} pt', '{0} pint', '{0} pints')],
  cup: ['volume', GALLON / 16, names('{0}c', '{0} c', '{0} cup', '{0} cups')],
  'fluid-ounce': ['volume', GALLON / 128],
};

export const UNITS: Record<string, UnitInfo> = Object.fromEntries(
  Object.entries(ROWS).map(([name, [category, factor, unitNames]]) => [
    name,
    { category, factor, intl: !unitNames, names: unitNames },
  ]),
);

const ALIASES: Record<string, string> = {
  feet: 'foot',
  inches: 'inch',
  amp: 'ampere',
  amps: 'ampere',
  milliamp: 'milliampere',
  milliamps: 'milliampere',
  'liters-per-kilometer': 'liter-per-kilometer',
  centuries: 'century',
};

/** A unit by its name, a plural ('kilograms') or a common alias ('feet', 'amp'). */
export function unitNamed(name: string): string | null {
  const key = name.trim().toLowerCase();
  if (UNITS[key]) return key;
  if (ALIASES[key]) return ALIASES[key];
  const singular = key.replace(/s$/, '');
  return UNITS[singular] ? singular : null;
}

/**
 * Units `compact:<set>` picks the best one from, largest first. Sets that differ by measurement
 * system list the US choice first and the metric one second.
 */
export const COMPACT_SETS: Record<string, [string[], string[]?]> = {
  acceleration: [['g-force', 'meter-per-second-squared']],
  angle: [['degree', 'arc-minute', 'arc-second']],
  area: [
    ['square-mile', 'acre', 'square-foot', 'square-inch'],
    ['square-kilometer', 'hectare', 'square-meter', 'square-centimeter'],
  ],
  bits: [['terabit', 'gigabit', 'megabit', 'kilobit', 'bit']],
  bytes: [['terabyte', 'gigabyte', 'megabyte', 'kilobyte', 'byte']],
  consumption: [['mile-per-gallon'], ['liter-per-100kilometers']],
  duration: [
    [
      'century',
      'year',
      'month',
      'day',
      'hour',
      'minute',
      'second',
      'millisecond',
      'microsecond',
      'nanosecond',
    ],
  ],
  'duration-large': [['century', 'year', 'month', 'day']],
  'duration-small': [['day', 'hour', 'minute', 'second', 'millisecond', 'microsecond', 'nanosecond']],
  electric: [['ampere', 'milliampere']],
  energy: [['kilojoule', 'joule']],
  frequency: [['gigahertz', 'megahertz', 'kilohertz', 'hertz']],
  length: [
    ['mile', 'yard', 'foot', 'inch'],
    ['kilometer', 'meter', 'centimeter', 'millimeter'],
  ],
  liquid: [
    ['gallon', 'quart', 'pint', 'cup', 'fluid-ounce'],
    ['liter', 'milliliter'],
  ],
  mass: [
    ['ton', 'pound', 'ounce'],
    ['metric-ton', 'kilogram', 'gram'],
  ],
  power: [['gigawatt', 'megawatt', 'kilowatt', 'watt', 'milliwatt']],
  speed: [['mile-per-hour'], ['kilometer-per-hour']],
  temperature: [['fahrenheit'], ['celsius']],
  volume: [
    ['cubic-mile', 'cubic-yard', 'cubic-foot', 'cubic-inch'],
    ['cubic-kilometer', 'cubic-meter', 'cubic-centimeter'],
  ],
};

/** The compact set a lone `in:` unit is shown in. */
export const DEFAULT_SET: Record<UnitCategory, string> = {
  acceleration: 'acceleration',
  angle: 'angle',
  area: 'area',
  consumption: 'consumption',
  digital: 'bytes',
  duration: 'duration',
  electric: 'electric',
  energy: 'energy',
  frequency: 'frequency',
  length: 'length',
  mass: 'mass',
  power: 'power',
  speed: 'speed',
  temperature: 'temperature',
  volume: 'volume',
};
