// Bundle size of the storefront rules a product page needs, against the whole @baukasten/commerce
// package: both bundled and minified with esbuild, measured gzipped. Target: product page <= 15 KB gzip.
// Run: node bench/commerce-bundle.mjs
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const index = fileURLToPath(new URL('../packages/commerce/src/index.ts', import.meta.url));
const TARGET_BYTES = 15 * 1024;

/** The names a product page island imports: display, add-to-cart validation, quantity, money, instalments, subscription. */
const productPageNames = [
  // product display
  'isSoldOut',
  'isOnSale',
  'productMark',
  'productMarkText',
  'priceDisplay',
  'hasVariants',
  'itemVariantOptions',
  'findVariant',
  'addButtonText',
  'totalStockRemaining',
  // add to cart
  'validateAddToCart',
  'addToCartFailure',
  'checkFormProductStock',
  'ADD_TO_CART_BUTTON_TEXTS',
  'ADD_TO_CART_TIMINGS',
  // quantity
  'showsQuantityInput',
  'QUANTITY_INPUT',
  'clampQuantity',
  // money
  'formatMoney',
  'parseDecimalToMinor',
  'minorToDecimalString',
  // instalments
  'isInstalmentEligible',
  'instalmentAmounts',
  'instalmentProvider',
  'instalmentTeaserText',
  'instalmentTeaserState',
  // subscription
  'subscriptionPlanPhrase',
  'yearlyMinor',
];

async function gzipSize(contents, label) {
  const result = await build({
    stdin: { contents, resolveDir: root, sourcefile: `${label}.ts`, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    treeShaking: true,
    logLevel: 'error',
  });
  const code = result.outputFiles[0].contents;
  return { raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

const page = await gzipSize(
  `export { ${productPageNames.join(', ')} } from ${JSON.stringify(index)};`,
  'product-page-entry',
);
const whole = await gzipSize(`export * from ${JSON.stringify(index)};`, 'whole-package-entry');

const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
console.log('@baukasten/commerce bundle (esbuild, minified, gzip -9)');
console.log(`  product page rules : ${kb(page.gzip)} gzip (${kb(page.raw)} minified)`);
console.log(`  whole package      : ${kb(whole.gzip)} gzip (${kb(whole.raw)} minified)`);
console.log(`  ratio page / whole : ${(page.gzip / whole.gzip).toFixed(2)}`);
console.log(
  `  target             : <= ${kb(TARGET_BYTES)} gzip -> ${page.gzip <= TARGET_BYTES ? 'met' : 'MISSED'}`,
);
process.exitCode = page.gzip <= TARGET_BYTES ? 0 : 1;
