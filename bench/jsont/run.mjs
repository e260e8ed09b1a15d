// JSON-T engine speed: ours (packages/jsont/dist, built by `npm run build`) next to the reference
// @squarespace/template-engine in the same process, on templates of a 48-product / 200-variant shop page:
// core instructions only, plus money formatters, plus commerce formatters and predicates; then pages of
// other shapes: text formatters, deep nesting, many small sections, one large list, macros.
// Targets: ours >= 5x the reference's renders per CPU second on every template, with the same output,
// and compile time <= 2x the reference's.
//
// Method (made for a shared, loaded machine; see README.md): per template, both engines are warmed up, then
// measured interleaved in ROUNDS rounds of one short slice each (SLICE_MS of CPU time per engine, the order
// swapped every round). A slice's figure is CPU time per render from process.cpuUsage() (user + system),
// so time the scheduler gives other processes does not count; the ratio is taken per round and the median
// of the rounds is reported, with the lowest and highest round, and next to it the ratio of each engine's fastest slice (the least disturbed one, the most repeatable
// figure under load). For figures independent of load, count instructions: see driver.mjs.
// Compile time is measured the same way, every compile with a source of its own (no cache hits). No forced
// garbage collection between slices: after one, V8 shrinks the young generation and the next slices run
// several times slower while it grows back (that made single rounds 10x off).
//
// Run: npm run build && node bench/jsont/run.mjs [--rounds 21] [--slice 50] [--only core,text]
//   [--ours path/to/index.js]: another build of ours instead of packages/jsont/dist (an older version).
// Writes bench/results/jsont.json (unless --only is given).
// Both render for de-DE: ours with Intl, the reference with the CLDR locale data of @phensley/cldr (a dev
// dependency), so both do the money formatting. The reference never implemented `money-format` (it prints
// the raw cents), so the outputs of money and commerce still differ there.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import reference from '@squarespace/template-engine';
import { productListContext, variantCount } from './data.mjs';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const oursAt = process.argv.indexOf('--ours');
const ourDist = oursAt > 0 ? process.argv[oursAt + 1] : here('../../packages/jsont/dist/index.js');
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
const ROUNDS = flag('rounds', 21);
const SLICE_MS = flag('slice', 50);
const WARMUP_SECONDS = flag('warmup', 0.5);
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
 * One compile per call. Ours caches compiled templates by source, so every compile gets a source of its
 * own (the template plus a numbered HTML comment, the same for both engines) and no compile is a cache hit.
 */
let sourceSerial = 0;
const compiling = (engine, source) => () =>
  engine.compile(`${source}<!--${String(sourceSerial++).padStart(8, '0')}-->`) ? 1 : 0;

/** CPU time of this process in µs (user + system, all threads: the JIT's and the GC's too). */
const cpuMicros = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/**
 * Runs `fn` in batches for about `sliceMicros` of CPU time; returns CPU µs per call. CPU time, not wall
 * time: time the scheduler gives other processes on a loaded machine is not counted.
 */
function slice(fn, sliceMicros, batch) {
  const start = cpuMicros();
  let calls = 0;
  let used = 0;
  do {
    for (let i = 0; i < batch; i++) sink += fn();
    calls += batch;
    used = cpuMicros() - start;
  } while (used < sliceMicros);
  return used / calls;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * Ours and the reference measured interleaved: ROUNDS rounds of one short slice each, the order swapped
 * every round, so that load from other processes and drift (CPU frequency, heap growth) hit both alike.
 * Each round gives a ratio (reference µs / ours µs); the median ratio over the rounds is the figure.
 */
function interleaved(ours, reference) {
  // Warm up both and size a batch to about a millisecond, so the clock is read rarely.
  const batchOf = (fn) => {
    const start = cpuMicros();
    let n = 0;
    while (cpuMicros() - start < WARMUP_SECONDS * 1e6) {
      sink += fn();
      n++;
    }
    return Math.max(1, Math.round(n / (WARMUP_SECONDS * 1000)));
  };
  const batches = { ours: batchOf(ours), reference: batchOf(reference) };
  const micros = { ours: [], reference: [] };
  const ratios = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? ['reference', 'ours'] : ['ours', 'reference'];
    const fns = { ours, reference };
    const got = {};
    for (const name of order) got[name] = slice(fns[name], SLICE_MS * 1000, batches[name]);
    micros.ours.push(got.ours);
    micros.reference.push(got.reference);
    ratios.push(got.reference / got.ours);
  }
  return {
    ours: median(micros.ours),
    reference: median(micros.reference),
    ratio: median(ratios),
    spread: [Math.min(...ratios), Math.max(...ratios)],
    // The least disturbed slice of each engine: on a loaded machine the most repeatable figure.
    best: Math.min(...micros.reference) / Math.min(...micros.ours),
  };
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
  `JSON-T bench: ${json.items.length} products, ${variantCount(json)} variants; ${ROUNDS} interleaved rounds ` +
    `of ${SLICE_MS} ms CPU per engine after ${WARMUP_SECONDS}s warm-up; CPU time per call; node ${process.version}`,
);

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
  const compiled = {};
  for (const [engineName, engine] of Object.entries(engines)) {
    compiled[engineName] = engine.compile(source);
    const output = engine.render(compiled[engineName]);
    const errors = [
      ...engine.compileErrors(compiled[engineName]),
      ...engine.renderErrors(compiled[engineName]),
    ];
    if (errors.length > 0) {
      console.warn(`\n! ${t.name} / ${engineName}: ${errors.length} template error(s), first:`);
      for (const e of errors.slice(0, 3)) console.warn(`  ${e.type}: ${e.message}`);
    }
    outputs[engineName] = output;
    entry[engineName] = { outputBytes: output.length, errors: errors.length };
  }
  const render = interleaved(
    () => engines.ours.render(compiled.ours).length,
    () => engines.reference.render(compiled.reference).length,
  );
  const compiling_ = interleaved(compiling(engines.ours, source), compiling(engines.reference, source));
  for (const e of ['ours', 'reference']) {
    entry[e].renderMicros = render[e];
    entry[e].compileMicros = compiling_[e];
  }
  entry.sameOutput = compareOutputs(t.name, outputs.ours, outputs.reference);
  entry.renderRatio = render.ratio;
  entry.renderRatioSpread = render.spread;
  entry.renderRatioOfFastest = render.best;
  entry.compileRatio = 1 / compiling_.ratio;
  entry.meetsTargets =
    entry.sameOutput &&
    entry.renderRatio >= TARGET_RENDER_RATIO &&
    entry.compileRatio <= TARGET_COMPILE_RATIO;
  results.push(entry);
  console.log(
    `  ${t.name.padEnd(9)} ${render.ratio.toFixed(2)}x (rounds ${render.spread.map((x) => x.toFixed(2)).join('..')}; ` +
      `fastest slices ${render.best.toFixed(2)}x)`,
  );
}

const rows = [
  ['template', 'engine', 'compile µs', 'render µs', 'output B', 'errors'],
  ...results.flatMap((r) =>
    ['ours', 'reference'].map((e) => [
      r.name,
      e,
      fmt(r[e].compileMicros, 1),
      fmt(r[e].renderMicros, 1),
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
  `\nours / reference, median of ${ROUNDS} rounds [lowest..highest round] ` +
    `(targets: renders per CPU second >= ${TARGET_RENDER_RATIO}x, compile time <= ${TARGET_COMPILE_RATIO}x)`,
);
for (const r of results) {
  const spread = `[${r.renderRatioSpread.map((x) => x.toFixed(2)).join('..')}] fastest ${r.renderRatioOfFastest.toFixed(2)}x`;
  const render = `${r.renderRatio.toFixed(2)}x ${spread} ${r.renderRatio >= TARGET_RENDER_RATIO ? 'ok' : 'MISSED'}`;
  const comp = `${r.compileRatio.toFixed(2)}x ${r.compileRatio <= TARGET_COMPILE_RATIO ? 'ok' : 'MISSED'}`;
  const same = r.sameOutput ? 'same output' : 'OUTPUT DIFFERS';
  console.log(`  ${r.name.padEnd(9)} renders ${render.padEnd(42)} compile time ${comp.padEnd(14)} ${same}`);
}

if (!only && oursAt < 0) {
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
        method:
          'interleaved slices, CPU time per call (process.cpuUsage), median ratio of the rounds; see bench/jsont/README.md',
        settings: { rounds: ROUNDS, sliceMs: SLICE_MS, warmupSeconds: WARMUP_SECONDS },
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
}
