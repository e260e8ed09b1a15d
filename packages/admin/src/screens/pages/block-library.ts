import { t } from '../../messages.js';

/*
 * The block library (issue 22): every kind of block the editor can add, grouped by what an owner wants
 * to do with it, each with a German description. The dialog (block-library-dialog.tsx) shows it with a
 * small sketch of each block and lets the owner search it.
 */

export interface LibraryEntry {
  kind: string;
  name: string;
  description: string;
}

export interface LibraryGroup {
  id: string;
  title: string;
  entries: LibraryEntry[];
}

const DESCRIPTIONS: Record<string, string> = {
  hero: 'Großes Bild mit Überschrift, Text und Button – der erste Eindruck deiner Startseite.',
  'image-text': 'Ein Bild neben einem Text, das Bild links oder rechts.',
  testimonials: 'Zitate zufriedener Kundinnen und Kunden mit Namen.',
  faq: 'Fragen und Antworten zum Aufklappen, auch für Suchmaschinen lesbar.',
  heading: 'Eine Überschrift, um die Seite zu gliedern.',
  text: 'Absätze, Listen und Links, geschrieben in Markdown.',
  button: 'Ein Button, der auf eine Seite, eine Adresse oder eine E-Mail führt.',
  accordion: 'Einträge mit Titel, die sich zum Lesen aufklappen lassen.',
  table: 'Eine Tabelle mit Kopfzeile, z. B. für Preise oder Maße.',
  spacer: 'Etwas Luft zwischen zwei Blöcken.',
  image: 'Ein einzelnes Bild mit Alternativtext, Bildunterschrift und Link.',
  gallery: 'Mehrere Bilder als Raster, Diashow oder Slider.',
  video: 'Ein Video von YouTube, Vimeo oder einem anderen Anbieter.',
  audio: 'Eine Audiodatei mit Titel und Player.',
  embed: 'Fremde Inhalte über ihre https-Adresse einbetten.',
  products: 'Die neuesten Produkte einer Produktseite als Raster.',
  'featured-product': 'Ein Produkt groß vorgestellt, mit Bild, Preis und Link zum Kauf.',
  summary: 'Die neuesten Beiträge, Termine oder Produkte einer Seite.',
  form: 'Ein Formular, z. B. für Kontaktanfragen.',
  newsletter: 'Anmeldung zum Newsletter mit E-Mail-Adresse.',
  'social-links': 'Links zu deinen Social-Media-Konten.',
  map: 'Eine Karte mit deiner Adresse.',
  html: 'Eigener HTML-Code; Skripte werden entfernt.',
};

const GROUPS: readonly (readonly [string, string, readonly string[]])[] = [
  ['abschnitte', 'Abschnitte für die Startseite', ['hero', 'image-text', 'testimonials', 'faq']],
  ['text', 'Text', ['heading', 'text', 'button', 'accordion', 'table', 'spacer']],
  ['bilder', 'Bilder und Medien', ['image', 'gallery', 'video', 'audio', 'embed']],
  ['shop', 'Shop', ['products', 'featured-product', 'summary']],
  ['formulare', 'Formulare', ['form', 'newsletter']],
  ['weiteres', 'Weiteres', ['social-links', 'map', 'html']],
];

/** The groups of the library with the kinds the editor knows (`kinds`), in their order. */
export function libraryGroups(kinds: readonly string[]): LibraryGroup[] {
  const known = new Set(kinds);
  const grouped = new Set(GROUPS.flatMap(([, , members]) => members));
  const groups = GROUPS.map(([id, title, members]) => ({
    id,
    title,
    entries: members
      .filter((kind) => known.has(kind))
      .map((kind) => ({ kind, name: t.blockKinds[kind] ?? kind, description: DESCRIPTIONS[kind] ?? '' })),
  }));
  // A kind added to the editor before it found its group is still offered, under "Weiteres".
  const rest = kinds.filter((kind) => !grouped.has(kind));
  if (rest.length > 0)
    groups[groups.length - 1].entries.push(
      ...rest.map((kind) => ({
        kind,
        name: t.blockKinds[kind] ?? kind,
        description: DESCRIPTIONS[kind] ?? '',
      })),
    );
  return groups.filter((g) => g.entries.length > 0);
}

/** Lower case without accents and umlaut dots, so "ueber", "über" and "Über" find each other. */
const folded = (value: string) =>
  value
    .toLocaleLowerCase('de-DE')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');

/** The groups with only the entries whose name, description or group match every word of the query. */
export function searchLibrary(groups: readonly LibraryGroup[], query: string): LibraryGroup[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...groups];
  return groups
    .map((group) => ({
      ...group,
      entries: group.entries.filter((entry) => {
        const haystack = folded(`${entry.name} ${entry.description} ${group.title}`);
        return words.every((word) => haystack.includes(word));
      }),
    }))
    .filter((group) => group.entries.length > 0);
}
