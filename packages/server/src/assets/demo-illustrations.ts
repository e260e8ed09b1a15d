/*
 * The demo shop's pictures (issue 22): flat still-life illustrations drawn here, one per kind of product
 * (a T-shirt, a mug, a candle, …) and a few of the workshop, all in one style: a light wall with a soft
 * arch, a table edge, the object standing on it with a soft shadow, colours from one palette. No picture
 * contains text: a name painted into an image reads as a placeholder and is lost to screen readers anyway
 * (the alt text names the product).
 */

/** The one palette every picture draws from. */
export const PALETTE = {
  wall: '#f3ede4',
  wallSage: '#e6ece3',
  wallRose: '#f3e4df',
  wallBlue: '#e3eaef',
  arch: '#ebe2d5',
  table: '#dccfbd',
  tableEdge: '#cbbba6',
  shadow: '#3b3a36',
  cream: '#fbf7f0',
  charcoal: '#3b3a36',
  terracotta: '#c8643b',
  sage: '#8fa98b',
  navy: '#2f4858',
  lake: '#3e7c8c',
  mustard: '#e0a93b',
  brass: '#c9a23f',
  rose: '#d9a5a0',
  lavender: '#9c8dc1',
  canvas: '#d8c7a6',
  coffee: '#7a4e32',
  bread: '#c98b4e',
} as const;

const P = PALETTE;

export type IllustrationKind =
  | 'tshirt'
  | 'tshirt-back'
  | 'hoodie'
  | 'mug'
  | 'tote'
  | 'notebook'
  | 'candle'
  | 'vase'
  | 'keyring'
  | 'coffee'
  | 'ebook'
  | 'presets'
  | 'consultation'
  | 'giftcard'
  | 'video'
  | 'workbench'
  | 'pottery-wheel'
  | 'kiln'
  | 'storeroom'
  | 'still-life'
  | 'placeholder';

/** Wall, arch, table and the soft shadow under the object; `shadowRx` is half the object's width. */
function scene(wall: string, body: string, shadowRx = 170): string {
  return `<rect width="800" height="800" fill="${wall}"/>
<path d="M170 600 V330 a230 230 0 0 1 460 0 V600 Z" fill="${P.arch}" opacity="0.7"/>
<rect y="600" width="800" height="200" fill="${P.table}"/>
<rect y="600" width="800" height="10" fill="${P.tableEdge}"/>
<ellipse cx="400" cy="602" rx="${shadowRx}" ry="20" fill="${P.shadow}" opacity="0.14"/>
${body}`;
}

const tshirt = (
  colour: string,
  print: boolean,
) => `<path d="M300 250 L350 222 Q400 262 450 222 L500 250 L575 322 L528 370 L500 342 V595 H300 V342 L272 370 L225 322 Z" fill="${colour}"/>
<path d="M350 222 Q400 270 450 222" fill="none" stroke="${P.charcoal}" stroke-opacity="0.25" stroke-width="8"/>
<path d="M300 342 L300 595 H330 V360 Z" fill="${P.charcoal}" opacity="0.08"/>
${print ? `<circle cx="400" cy="400" r="46" fill="${P.cream}" opacity="0.9"/><path d="M372 412 l28 -40 l28 40 Z" fill="${colour}"/>` : ''}`;

const hoodie = () => `<path d="M340 230 Q400 150 460 230 Z" fill="${P.navy}" opacity="0.85"/>
<path d="M300 250 L350 228 Q400 290 450 228 L500 250 L560 330 L585 560 L540 570 L505 380 V595 H295 V380 L260 570 L215 560 L240 330 Z" fill="${P.navy}"/>
<path d="M350 228 Q400 290 450 228" fill="none" stroke="${P.cream}" stroke-opacity="0.35" stroke-width="8"/>
<path d="M385 268 V330 M415 268 V330" stroke="${P.cream}" stroke-width="6" stroke-linecap="round"/>
<path d="M335 470 H465 L485 560 H315 Z" fill="${P.charcoal}" opacity="0.25"/>`;

const mug = () => `<path d="M470 430 a70 70 0 0 1 0 120" fill="none" stroke="${P.lake}" stroke-width="28"/>
<rect x="300" y="380" width="180" height="215" rx="18" fill="${P.lake}"/>
<ellipse cx="390" cy="382" rx="90" ry="18" fill="${P.cream}"/>
<ellipse cx="390" cy="382" rx="76" ry="12" fill="${P.coffee}"/>
<path d="M312 540 L360 470 L390 505 L420 460 L468 540 Z" fill="${P.cream}" opacity="0.9"/>
<rect x="300" y="578" width="180" height="17" rx="8" fill="${P.navy}"/>
<path d="M360 340 q-18 -24 0 -48 q18 -24 0 -48 M410 340 q-18 -24 0 -48 q18 -24 0 -48" fill="none" stroke="#fff" stroke-opacity="0.8" stroke-width="8" stroke-linecap="round"/>`;

const tote =
  () => `<path d="M340 370 V300 a60 60 0 0 1 120 0 V370" fill="none" stroke="${P.canvas}" stroke-width="22"/>
<path d="M340 370 V300 a60 60 0 0 1 120 0 V370" fill="none" stroke="${P.charcoal}" stroke-opacity="0.15" stroke-width="22"/>
<path d="M280 360 H520 L505 595 H295 Z" fill="${P.canvas}"/>
<rect x="360" y="440" width="80" height="80" rx="8" fill="${P.terracotta}"/>
<path d="M280 360 H520 V385 H280 Z" fill="${P.charcoal}" opacity="0.08"/>`;

const notebook = () => `<rect x="310" y="240" width="200" height="355" rx="10" fill="${P.terracotta}"/>
<rect x="310" y="240" width="26" height="355" rx="8" fill="${P.charcoal}" opacity="0.2"/>
<rect x="465" y="240" width="12" height="355" fill="${P.charcoal}" opacity="0.45"/>
<path d="M210 590 L520 560 L528 578 L216 606 Z" fill="${P.mustard}"/>
<path d="M520 560 L548 566 L528 578 Z" fill="${P.charcoal}"/>`;

const candle =
  () => `<path d="M520 595 C515 520 530 460 548 400" fill="none" stroke="${P.sage}" stroke-width="6"/>
${[410, 440, 470, 500]
  .map(
    (y, i) =>
      `<ellipse cx="${546 - i * 4}" cy="${y}" rx="9" ry="15" fill="${P.lavender}"/><ellipse cx="${532 - i * 3}" cy="${y + 14}" rx="8" ry="13" fill="${P.lavender}" opacity="0.85"/>`,
  )
  .join('')}
<rect x="310" y="390" width="170" height="205" rx="20" fill="${P.lavender}" opacity="0.55"/>
<rect x="322" y="420" width="146" height="160" rx="12" fill="${P.cream}"/>
<path d="M395 420 V378" stroke="${P.charcoal}" stroke-width="5"/>
<path d="M395 300 C420 335 418 365 395 378 C372 365 370 335 395 300 Z" fill="${P.mustard}"/>
<path d="M395 335 C405 350 404 362 395 370 C386 362 385 350 395 335 Z" fill="${P.cream}"/>
<rect x="330" y="470" width="130" height="56" rx="6" fill="${P.lavender}"/>`;

const vase =
  () => `<path d="M400 330 C390 260 350 220 300 200 M400 330 C412 250 450 200 500 180 M400 330 C400 270 405 230 420 170" fill="none" stroke="${P.sage}" stroke-width="6"/>
<ellipse cx="305" cy="205" rx="26" ry="12" fill="${P.sage}" transform="rotate(-30 305 205)"/>
<ellipse cx="495" cy="185" rx="26" ry="12" fill="${P.sage}" transform="rotate(-20 495 185)"/>
<ellipse cx="420" cy="172" rx="22" ry="11" fill="${P.sage}" transform="rotate(-70 420 172)"/>
<path d="M372 330 H428 L422 365 C505 405 520 480 492 545 C475 585 440 595 400 595 C360 595 325 585 308 545 C280 480 295 405 378 365 Z" fill="${P.terracotta}"/>
<path d="M318 470 C360 485 440 485 482 470" fill="none" stroke="${P.cream}" stroke-opacity="0.7" stroke-width="8"/>
<path d="M320 505 C360 520 440 520 480 505" fill="none" stroke="${P.cream}" stroke-opacity="0.5" stroke-width="6"/>`;

const keyring = () => `<rect x="380" y="170" width="40" height="22" rx="6" fill="${P.charcoal}"/>
<path d="M400 192 V235" stroke="${P.charcoal}" stroke-width="6"/>
<circle cx="400" cy="285" r="50" fill="none" stroke="${P.brass}" stroke-width="12"/>
<g transform="rotate(8 400 450)">
<rect x="335" y="330" width="130" height="230" rx="26" fill="${P.brass}"/>
<circle cx="400" cy="365" r="16" fill="${P.wallBlue}"/>
<path d="M360 430 H440 M360 460 H425 M360 490 H435" stroke="${P.charcoal}" stroke-opacity="0.35" stroke-width="7" stroke-linecap="round"/>
</g>`;

const coffee = () => `<path d="M305 300 H495 L520 595 H280 Z" fill="${P.coffee}"/>
<path d="M305 300 H495 L485 260 H315 Z" fill="${P.charcoal}" opacity="0.55"/>
<rect x="335" y="390" width="130" height="130" rx="10" fill="${P.cream}"/>
<ellipse cx="400" cy="455" rx="28" ry="40" fill="${P.coffee}" transform="rotate(20 400 455)"/>
<path d="M388 420 C410 440 392 470 412 490" fill="none" stroke="${P.cream}" stroke-width="6"/>
${[
  [560, 588],
  [590, 596],
  [225, 592],
]
  .map(
    ([x, y]) =>
      `<ellipse cx="${x}" cy="${y}" rx="14" ry="9" fill="${P.coffee}"/><path d="M${x - 10} ${y} H${x + 10}" stroke="${P.charcoal}" stroke-width="3"/>`,
  )
  .join('')}`;

const ebook = () => `<rect x="285" y="250" width="230" height="345" rx="24" fill="${P.charcoal}"/>
<rect x="302" y="272" width="196" height="290" rx="8" fill="${P.cream}"/>
<path d="M325 440 C325 370 475 370 475 440 C475 465 455 475 400 475 C345 475 325 465 325 440 Z" fill="${P.bread}"/>
<path d="M360 405 l20 25 M395 395 l20 25 M430 405 l20 25" stroke="${P.cream}" stroke-opacity="0.8" stroke-width="7" stroke-linecap="round"/>
<path d="M330 510 H470 M330 532 H430" stroke="${P.table}" stroke-width="8" stroke-linecap="round"/>`;

const presets = () => `<rect x="270" y="360" width="260" height="235" rx="24" fill="${P.charcoal}"/>
<rect x="300" y="330" width="70" height="40" rx="8" fill="${P.charcoal}"/>
<circle cx="410" cy="480" r="78" fill="${P.cream}"/>
<circle cx="410" cy="480" r="56" fill="${P.navy}"/>
<circle cx="392" cy="462" r="14" fill="${P.cream}" opacity="0.6"/>
<circle cx="490" cy="395" r="10" fill="${P.mustard}"/>
<path d="M560 560 C600 520 620 560 600 596 C570 600 550 585 560 560 Z" fill="${P.terracotta}"/>
<path d="M215 570 C230 530 270 540 262 590 C240 600 220 596 215 570 Z" fill="${P.mustard}"/>`;

const consultation =
  () => `<g transform="rotate(-24 400 590)"><rect x="360" y="260" width="80" height="330" rx="14" fill="${P.navy}"/></g>
<g transform="rotate(-8 400 590)"><rect x="360" y="260" width="80" height="330" rx="14" fill="${P.sage}"/></g>
<g transform="rotate(8 400 590)"><rect x="360" y="260" width="80" height="330" rx="14" fill="${P.mustard}"/></g>
<g transform="rotate(24 400 590)"><rect x="360" y="260" width="80" height="330" rx="14" fill="${P.terracotta}"/></g>
<circle cx="400" cy="560" r="14" fill="${P.cream}"/>`;

const giftcard =
  () => `<rect x="230" y="330" width="340" height="220" rx="20" fill="${P.rose}" transform="rotate(-6 400 440)"/>
<rect x="250" y="370" width="340" height="220" rx="20" fill="${P.cream}"/>
<rect x="250" y="460" width="340" height="28" fill="${P.terracotta}"/>
<rect x="360" y="370" width="28" height="220" fill="${P.terracotta}"/>
<path d="M374 474 C330 420 300 440 318 470 C330 490 360 480 374 474 Z M374 474 C420 420 450 440 432 470 C420 490 390 480 374 474 Z" fill="${P.terracotta}"/>`;

const video = () => `<rect x="220" y="300" width="360" height="240" rx="16" fill="${P.charcoal}"/>
<rect x="236" y="316" width="328" height="208" rx="6" fill="${P.navy}"/>
<circle cx="400" cy="420" r="52" fill="${P.cream}" opacity="0.9"/>
<path d="M385 392 L425 420 L385 448 Z" fill="${P.navy}"/>
<path d="M180 560 H620 L640 595 H160 Z" fill="${P.charcoal}" opacity="0.85"/>`;

const workbench = () => `<rect x="180" y="190" width="440" height="190" rx="10" fill="${P.canvas}"/>
${[230, 290, 350, 410, 470, 530, 590]
  .flatMap((x) => [230, 290, 350].map((y) => `<circle cx="${x}" cy="${y}" r="5" fill="${P.tableEdge}"/>`))
  .join('')}
<path d="M260 240 V330" stroke="${P.coffee}" stroke-width="14" stroke-linecap="round"/><rect x="232" y="222" width="56" height="28" rx="6" fill="${P.charcoal}"/>
<path d="M360 230 L360 330 M350 230 H370" stroke="${P.charcoal}" stroke-width="10" stroke-linecap="round"/>
<circle cx="520" cy="290" r="42" fill="none" stroke="${P.terracotta}" stroke-width="12"/>
<rect x="160" y="430" width="480" height="40" rx="6" fill="${P.coffee}"/>
<rect x="190" y="470" width="30" height="125" fill="${P.coffee}" opacity="0.85"/>
<rect x="580" y="470" width="30" height="125" fill="${P.coffee}" opacity="0.85"/>
<rect x="300" y="395" width="120" height="35" rx="6" fill="${P.mustard}"/>`;

const potteryWheel = () => `<path d="M340 600 L360 500 H440 L460 600 Z" fill="${P.charcoal}"/>
<ellipse cx="400" cy="500" rx="170" ry="34" fill="${P.navy}"/>
<ellipse cx="400" cy="492" rx="170" ry="34" fill="${P.sage}"/>
<path d="M350 492 C330 430 360 400 375 360 H425 C440 400 470 430 450 492 Z" fill="${P.terracotta}"/>
<ellipse cx="400" cy="360" rx="25" ry="7" fill="${P.coffee}"/>`;

const kiln = () => `<rect x="280" y="240" width="240" height="355" rx="18" fill="${P.charcoal}"/>
<rect x="305" y="270" width="190" height="210" rx="10" fill="${P.terracotta}"/>
<rect x="325" y="290" width="150" height="170" rx="6" fill="${P.mustard}" opacity="0.85"/>
<circle cx="340" cy="530" r="16" fill="${P.cream}"/><circle cx="400" cy="530" r="16" fill="${P.cream}"/>
<rect x="440" y="518" width="50" height="24" rx="6" fill="${P.sage}"/>
<rect x="470" y="160" width="34" height="80" fill="${P.charcoal}" opacity="0.85"/>`;

const storeroom = () => `<rect x="170" y="180" width="460" height="415" fill="${P.canvas}" opacity="0.55"/>
${[300, 430, 560].map((y) => `<rect x="170" y="${y}" width="460" height="14" fill="${P.coffee}"/>`).join('')}
<rect x="190" y="230" width="110" height="70" rx="4" fill="${P.canvas}"/><rect x="310" y="250" width="80" height="50" rx="4" fill="${P.terracotta}"/>
<rect x="400" y="215" width="120" height="85" rx="4" fill="${P.canvas}"/><rect x="530" y="245" width="80" height="55" rx="4" fill="${P.sage}"/>
<rect x="195" y="370" width="90" height="60" rx="4" fill="${P.sage}"/><rect x="295" y="345" width="140" height="85" rx="4" fill="${P.canvas}"/>
<rect x="445" y="375" width="70" height="55" rx="4" fill="${P.navy}"/><rect x="525" y="355" width="90" height="75" rx="4" fill="${P.canvas}"/>
<rect x="190" y="490" width="150" height="70" rx="4" fill="${P.canvas}"/><rect x="350" y="505" width="90" height="55" rx="4" fill="${P.mustard}"/>
<rect x="450" y="480" width="160" height="80" rx="4" fill="${P.canvas}"/>`;

/** Mug, vase and candle together: the shop in one picture (the home page's hero). */
const stillLife = () => `<g transform="translate(-190 70) scale(0.85)">${vase()}</g>
<g transform="translate(40 90) scale(0.85)">${mug()}</g>
<g transform="translate(270 140) scale(0.75)">${candle()}</g>`;

/** The neutral picture of a product without its own: an empty frame with a sun and hills, nothing named. */
const placeholder =
  () => `<rect x="270" y="280" width="260" height="200" rx="16" fill="none" stroke="${P.tableEdge}" stroke-width="12"/>
<circle cx="460" cy="335" r="22" fill="${P.tableEdge}"/>
<path d="M282 468 L360 390 L410 440 L445 410 L518 468 Z" fill="${P.tableEdge}"/>`;

const DRAWINGS: Record<IllustrationKind, { wall: string; shadow: number; draw: () => string }> = {
  tshirt: { wall: P.wallSage, shadow: 170, draw: () => tshirt(P.sage, true) },
  'tshirt-back': { wall: P.wallSage, shadow: 170, draw: () => tshirt(P.sage, false) },
  hoodie: { wall: P.wallBlue, shadow: 200, draw: hoodie },
  mug: { wall: P.wallBlue, shadow: 130, draw: mug },
  tote: { wall: P.wall, shadow: 140, draw: tote },
  notebook: { wall: P.wallRose, shadow: 190, draw: notebook },
  candle: { wall: P.wallRose, shadow: 160, draw: candle },
  vase: { wall: P.wall, shadow: 120, draw: vase },
  keyring: { wall: P.wallBlue, shadow: 60, draw: keyring },
  coffee: { wall: P.wall, shadow: 150, draw: coffee },
  ebook: { wall: P.wall, shadow: 140, draw: ebook },
  presets: { wall: P.wallRose, shadow: 170, draw: presets },
  consultation: { wall: P.wallSage, shadow: 110, draw: consultation },
  giftcard: { wall: P.wallRose, shadow: 190, draw: giftcard },
  video: { wall: P.wallBlue, shadow: 240, draw: video },
  workbench: { wall: P.wall, shadow: 250, draw: workbench },
  'pottery-wheel': { wall: P.wallSage, shadow: 180, draw: potteryWheel },
  kiln: { wall: P.wallRose, shadow: 150, draw: kiln },
  storeroom: { wall: P.wall, shadow: 240, draw: storeroom },
  'still-life': { wall: P.wall, shadow: 280, draw: stillLife },
  placeholder: { wall: P.wall, shadow: 0, draw: placeholder },
};

/** The demo pictures by their name (`/assets/demo/<name>.svg`): the demo products and the workshop. */
const BY_NAME: Readonly<Record<string, IllustrationKind>> = {
  'bio-t-shirt-rueckseite': 'tshirt-back',
  startseite: 'still-life',
  werkstatt: 'workbench',
  werkbank: 'workbench',
  toepferscheibe: 'pottery-wheel',
  brennofen: 'kiln',
  lager: 'storeroom',
  platzhalter: 'placeholder',
};

/** What a product is, read from its name, so any demo product (also one added later) finds its drawing. */
const BY_WORD: readonly (readonly [RegExp, IllustrationKind])[] = [
  [/t-shirt|shirt/, 'tshirt'],
  [/kapuzenpullover|pullover|hoodie/, 'hoodie'],
  [/becher|tasse/, 'mug'],
  [/tasche|beutel/, 'tote'],
  [/notizbuch|heft/, 'notebook'],
  [/kerze/, 'candle'],
  [/vase|keramik/, 'vase'],
  [/schluessel|anhaenger/, 'keyring'],
  [/kaffee/, 'coffee'],
  [/e-book|buch/, 'ebook'],
  [/preset|foto/, 'presets'],
  [/beratung|workshop/, 'consultation'],
  [/gutschein/, 'giftcard'],
  [/video|zugang|kurs/, 'video'],
];

/** The kind of drawing for a picture name; the neutral placeholder for a name it does not know. */
export function illustrationKindOf(name: string): IllustrationKind {
  // Own keys only: a name like "constructor" must not find Object's prototype (a 500 the route fuzz found).
  const known = Object.hasOwn(BY_NAME, name) ? BY_NAME[name] : undefined;
  if (known) return known;
  return BY_WORD.find(([pattern]) => pattern.test(name))?.[1] ?? 'placeholder';
}

/** The picture of that kind as SVG, `size` pixels wide and high (drawn on an 800 grid). */
export function illustrationSvg(kind: IllustrationKind, size: number): string {
  const drawing = DRAWINGS[kind];
  const body =
    kind === 'placeholder'
      ? `<rect width="800" height="800" fill="${drawing.wall}"/>${drawing.draw()}`
      : scene(drawing.wall, drawing.draw(), drawing.shadow);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">
${body}
</svg>`;
}
