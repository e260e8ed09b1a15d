// Renders one bench template N times with one engine, for profiles and instruction counts that do not
// depend on the machine's load:
//   node --cpu-prof bench/jsont/driver.mjs text ours 2000
//   valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.ours node bench/jsont/driver.mjs text ours 300
// (and the same with `reference`, or the path of another build's index.js); compare the instruction totals of two runs with the same N, minus a run
// with N = 0 for the start-up. Prints the output length and the wall time per render. `--dump` prints the
// output once instead.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import reference from '@squarespace/template-engine';
import { productListContext } from './data.mjs';

const FILES = {
  core: '1-core.html',
  money: '2-money.html',
  commerce: '3-commerce.html',
  text: '4-text.html',
  deep: '5-deep.html',
  small: '6-small-sections.html',
  large: '7-large-repeated.html',
  macros: '8-macros.html',
};
const [name = 'core', engineName = 'ours', count = '1000'] = process.argv
  .slice(2)
  .filter((a) => a !== '--dump');
const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const source = readFileSync(here(`templates/${FILES[name]}`), 'utf8');
const json = productListContext(48);
const LOCALE = 'de-DE';

let render;
if (engineName === 'ours' || engineName.endsWith('.js')) {
  // `ours`, or another build of it given by its index.js (an older version, to compare with).
  const dist = engineName === 'ours' ? here('../../packages/jsont/dist/index.js') : engineName;
  const { compile } = await import(dist);
  const template = compile(source);
  render = () => template.render(json, { locale: LOCALE }).output;
} else {
  const require = createRequire(import.meta.url);
  const { CLDRFramework } = require('@phensley/cldr');
  const cldr = new CLDRFramework({
    loader: (language) => readFileSync(require.resolve(`@phensley/cldr/packs/${language}.json`), 'utf8'),
  }).get('de-DE');
  const compiler = new reference.Compiler();
  const { code } = compiler.parse(source);
  render = () => compiler.execute({ code, json, cldr }).ctx.render();
}

if (process.argv.includes('--dump')) {
  process.stdout.write(render());
} else {
  let length = 0;
  const n = Number(count);
  const start = performance.now();
  for (let i = 0; i < n; i++) length += render().length;
  const ms = performance.now() - start;
  console.log(
    `${name} ${engineName}: ${n} renders, ${length} chars, ${n ? ((ms * 1000) / n).toFixed(1) : 0} µs/render`,
  );
}
