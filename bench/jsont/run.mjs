// JSON-T engine speed: ours (packages/jsont/dist, built by `npm run build`) next to the reference
// @squarespace/template-engine in the same run, on templates of a 48-product / 200-variant shop page:
// core instructions only, plus money formatters, plus commerce formatters and predicates; then pages of
// other shapes: text formatters, deep nesting, many small sections, one large list, macros.
// For each template and engine: compile time (mean over N compiles) and renders per second of one compiled
// template over a fixed time budget after warm-up. Targets: ours >= 5x the reference's renders/s, and
// compile time <= 2x the reference's.
// Run: npm run build && node bench/jsont/run.mjs [--seconds 1.5] [--compiles 2000] [--only core,text]
// Writes bench/results/jsont.json.
// Both render for de-DE: ours with Intl, the reference with the CLDR locale data of @phensley/cldr (a dev
// dependency), so both do the money formatting. The reference never implemented `money-format` (it prints
// the raw cents), so template 2's outputs still differ there.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import reference from '@squarespace/template-engine';
import { productListContext, variantCount } from './data.mjs';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const ourDist = here('../../packages/jsont/dist/index.js');
if (!existsSync(ourDist)) {
  console.error(`${ourDist} is missing: run \`npm run build\` first.`);
  process.exit(1);
}
const { compile } = await import(ourDist);

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SECONDS = flag('seconds', 1.5);
const WARMUP_SECONDS = 1;
const COMPILES = flag('compiles', 2000);
const TARGET_RENDER_RATIO = 5;
const TARGET_COMPILE_RATIO = 2;

const TEMPLATES = [
  {
    name: 'core',
    file: 'templates/1-core.html',
    about: 'sections, repeated/alternates, .or, .if, .var, html',
  },
  { name: 'money', file: 'templates/2-money.html', about: 'core + money, money-format' },
  {
    name: 'commerce',
    file: 'templates/3-commerce.html',
    about: 'money + product-price/-status, variants-select, add-to-cart-btn, commerce predicates',
  },
  // Other shapes over the same data, so that no single page layout decides the figures.
  {
    name: 'text',
    file: 'templates/4-text.html',
    about: 'text formatters: truncate, slugify, smartypants, safe, json|htmlattr, url-encode, capitalize',
  },
  {
    name: 'deep',
    file: 'templates/5-deep.html',
    about: 'deeply nested sections, .if and comparison predicates',
  },
  {
    name: 'small',
    file: 'templates/6-small-sections.html',
    about: 'many small sections, .if and .var per product',
  },
  {
    name: 'large',
    file: 'templates/7-large-repeated.html',
    about: 'one large repeated section over all variants, with .alternates with',
  },
  {
    name: 'macros',
    file: 'templates/8-macros.html',
    about: 'nested .macro definitions applied per product and variant',
  },
];

// `--only text,deep` measures some templates only.
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : undefined;
const SELECTED = only ? TEMPLATES.filter((t) => only.includes(t.name)) : TEMPLATES;

const json = productListContext(48);

// The reference: one Compiler with its default formatters and predicates; parse() compiles, execute() renders.
const refCompiler = new reference.Compiler();
const require = createRequire(import.meta.url);
const { CLDRFramework } = require('@phensley/cldr');
const cldr = new CLDRFramework({
  loader: (language) => readFileSync(require.resolve(`@phensley/cldr/packs/${language}.json`), 'utf8'),
}).get('de-DE');
const LOCALE = 'de-DE';
const engines = {
  ours: {
    compile: (source) => compile(source),
    render: (template) => template.render(json, { locale: LOCALE }).output,
    compileErrors: (template) => template.errors,
    renderErrors: (template) => template.render(json, { locale: LOCALE }).errors,
  },
  reference: {
    compile: (source) => refCompiler.parse(source).code,
    render: (code) => refCompiler.execute({ code, json, cldr }).ctx.render(),
    compileErrors: () => [],
    renderErrors: (code) => refCompiler.execute({ code, json, cldr }).errors,
  },
};

/** Keeps results reachable so the JIT cannot drop the measured work. */
let sink = 0;

/**
 * Mean compile time. Ours caches compiled templates by source, so every compile gets a source of its own
 * (the template plus a numbered HTML comment, the same for both engines) and no compile is a cache hit.
 */
let sourceSerial = 0;
function meanCompileMicros(engine, source) {
  const sources = (n) =>
    Array.from({ length: n }, () => `${source}<!--${String(sourceSerial++).padStart(8, '0')}-->`);
  for (const s of sources(Math.min(500, COMPILES))) sink += engine.compile(s) ? 1 : 0;
  const measured = sources(COMPILES);
  const start = process.hrtime.bigint();
  for (const s of measured) sink += engine.compile(s) ? 1 : 0;
  return Number(process.hrtime.bigint() - start) / 1000 / COMPILES;
}

// A full garbage collection before each measurement, so that neither engine pays for the garbage of the
// compile runs or of the other engine.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc');

function rendersPerSecond(engine, compiled) {
  collectGarbage();
  const run = (seconds) => {
    const budget = BigInt(Math.round(seconds * 1e9));
    const start = process.hrtime.bigint();
    let elapsed = 0n;
    let count = 0;
    while (elapsed < budget) {
      // Check the clock every few renders; one render of this page takes well under a millisecond or two.
      for (let i = 0; i < 8; i++) sink += engine.render(compiled).length;
      count += 8;
      elapsed = process.hrtime.bigint() - start;
    }
    return count / (Number(elapsed) / 1e9);
  };
  run(WARMUP_SECONDS);
  return run(SECONDS);
}

const normalise = (s) => s.replace(/\s+/g, ' ').trim();

function compareOutputs(name, ours, ref) {
  const a = normalise(ours);
  const b = normalise(ref);
  if (a === b) return true;
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  console.warn(`\n! ${name}: outputs differ after whitespace normalisation (first difference at char ${at})`);
  console.warn(`  ours:      ${JSON.stringify(ours.slice(0, 200))}`);
  console.warn(`  reference: ${JSON.stringify(ref.slice(0, 200))}`);
  console.warn(
    `  around the difference, ours:      ${JSON.stringify(a.slice(Math.max(0, at - 60), at + 140))}`,
  );
  console.warn(
    `  around the difference, reference: ${JSON.stringify(b.slice(Math.max(0, at - 60), at + 140))}`,
  );
  return false;
}

const fmt = (n, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

console.log(
  `JSON-T bench: ${json.items.length} products, ${variantCount(json)} variants; ` +
    `${COMPILES} compiles, ${SECONDS}s render budget after ${WARMUP_SECONDS}s warm-up; node ${process.version}`,
);

const NOTE =
  'reference without CLDR data: its money and message-based product-price texts print nothing, money-format ' +
  'is unimplemented there, so on money/commerce it does less work than ours';
console.log(`note: ${NOTE}`);

const results = [];
for (const t of SELECTED) {
  const source = readFileSync(here(t.file), 'utf8');
  const entry = {
    name: t.name,
    template: `bench/jsont/${t.file}`,
    about: t.about,
    sourceBytes: source.length,
  };
  const outputs = {};
  for (const [engineName, engine] of Object.entries(engines)) {
    const compiled = engine.compile(source);
    const output = engine.render(compiled);
    const errors = [...engine.compileErrors(compiled), ...engine.renderErrors(compiled)];
    if (errors.length > 0) {
      console.warn(`\n! ${t.name} / ${engineName}: ${errors.length} template error(s), first:`);
      for (const e of errors.slice(0, 3)) console.warn(`  ${e.type}: ${e.message}`);
    }
    outputs[engineName] = output;
    entry[engineName] = {
      compileMicros: meanCompileMicros(engine, source),
      rendersPerSecond: rendersPerSecond(engine, compiled),
      outputBytes: output.length,
      errors: errors.length,
    };
  }
  entry.sameOutput = compareOutputs(t.name, outputs.ours, outputs.reference);
  entry.renderRatio = entry.ours.rendersPerSecond / entry.reference.rendersPerSecond;
  entry.compileRatio = entry.ours.compileMicros / entry.reference.compileMicros;
  entry.meetsTargets = entry.renderRatio >= TARGET_RENDER_RATIO && entry.compileRatio <= TARGET_COMPILE_RATIO;
  results.push(entry);
}

const rows = [
  ['template', 'engine', 'compile µs', 'renders/s', 'output B', 'errors'],
  ...results.flatMap((r) =>
    ['ours', 'reference'].map((e) => [
      r.name,
      e,
      fmt(r[e].compileMicros, 1),
      fmt(r[e].rendersPerSecond),
      fmt(r[e].outputBytes),
      String(r[e].errors),
    ]),
  ),
];
const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
const line = (row) =>
  row.map((cell, c) => (c < 2 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
console.log();
console.log(line(rows[0]));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows.slice(1)) console.log(line(row));

console.log(
  `\nours / reference (targets: renders/s >= ${TARGET_RENDER_RATIO}x, compile time <= ${TARGET_COMPILE_RATIO}x)`,
);
for (const r of results) {
  const render = `${r.renderRatio.toFixed(2)}x ${r.renderRatio >= TARGET_RENDER_RATIO ? 'ok' : 'MISSED'}`;
  const comp = `${r.compileRatio.toFixed(2)}x ${r.compileRatio <= TARGET_COMPILE_RATIO ? 'ok' : 'MISSED'}`;
  const same = r.sameOutput ? 'same output' : 'OUTPUT DIFFERS';
  console.log(`  ${r.name.padEnd(9)} renders/s ${render.padEnd(14)} compile time ${comp.padEnd(14)} ${same}`);
}

const resultsDir = here('../results');
mkdirSync(resultsDir, { recursive: true });
const file = `${resultsDir}/jsont.json`;
writeFileSync(
  file,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      data: { products: json.items.length, variants: variantCount(json) },
      settings: { compiles: COMPILES, renderSeconds: SECONDS, warmupSeconds: WARMUP_SECONDS },
      note: NOTE,
      targets: { renderRatioAtLeast: TARGET_RENDER_RATIO, compileRatioAtMost: TARGET_COMPILE_RATIO },
      templates: results,
      // Sum of everything measured (output lengths); read here so no measured call is dead code.
      checksum: sink,
    },
    null,
    2,
  )}\n`,
);
console.log(`\nwrote ${file}`);
