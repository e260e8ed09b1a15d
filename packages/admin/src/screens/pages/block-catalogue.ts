import type { Block, Collection } from '../../api/admin-types.js';
import { t } from '../../messages.js';
import { newBlockId } from './block-history.js';

/*
 * What each kind of block lets the owner edit (packages/server/src/admin/pages/page-blocks.ts), as a
 * table of fields. Kinds with lists inside (gallery images, accordion entries) get a small editor of
 * their own; a kind this table does not know is kept as it is.
 */

export type FieldKind = 'text' | 'textarea' | 'number' | 'select' | 'checkbox' | 'collection';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  options?: readonly (readonly [string, string])[];
  /** For 'collection': which pages may be picked. */
  pages?: 'products' | 'any';
  hint?: string;
}

export const text = (name: string, label: string, hint?: string): FieldSpec => ({
  name,
  label,
  kind: 'text',
  hint,
});
export const area = (name: string, label: string, hint?: string): FieldSpec => ({
  name,
  label,
  kind: 'textarea',
  hint,
});
export const num = (name: string, label: string): FieldSpec => ({ name, label, kind: 'number' });
export const check = (name: string, label: string): FieldSpec => ({ name, label, kind: 'checkbox' });
export const select = (
  name: string,
  label: string,
  options: readonly (readonly [string, string])[],
): FieldSpec => ({
  name,
  label,
  kind: 'select',
  options,
});

export const BLOCK_FIELDS: Record<string, FieldSpec[]> = {
  heading: [
    text('text', 'Text der Überschrift'),
    select('level', 'Ebene', [
      ['1', 'Überschrift 1'],
      ['2', 'Überschrift 2'],
      ['3', 'Überschrift 3'],
      ['4', 'Überschrift 4'],
    ]),
  ],
  text: [area('markdown', 'Text', 'Markdown: **fett**, *kursiv*, [Link](https://…), Listen mit „- “.')],
  image: [
    text('assetUrl', 'Bildadresse', 'https://… oder ein Pfad wie /bilder/foto.jpg'),
    text('altText', 'Alternativtext (beschreibt das Bild)'),
    text('caption', 'Bildunterschrift'),
    text('href', 'Link beim Anklicken (optional)'),
  ],
  button: [
    text('label', 'Beschriftung'),
    text('href', 'Link', 'https://…, /kontakt, mailto:… oder tel:…'),
    select('style', 'Stil', [
      ['primary', 'Primär'],
      ['secondary', 'Sekundär'],
      ['tertiary', 'Tertiär'],
    ]),
    check('newWindow', 'In neuem Fenster öffnen'),
  ],
  spacer: [num('height', 'Höhe in Pixeln (8–400)')],
  html: [area('html', 'HTML-Code', 'Skripte und unsichere Attribute werden beim Speichern entfernt.')],
  embed: [
    text('url', 'Adresse des Inhalts (https://…)'),
    text('caption', 'Bildunterschrift'),
    select('aspectRatio', 'Seitenverhältnis', [
      ['16:9', '16:9'],
      ['4:3', '4:3'],
      ['1:1', '1:1'],
      ['9:16', '9:16'],
    ]),
  ],
  products: [
    { name: 'collectionUrlId', label: 'Produktseite', kind: 'collection', pages: 'products' },
    text('title', 'Titel (optional)'),
    num('limit', 'Anzahl (1–48)'),
  ],
  summary: [
    { name: 'collectionUrlId', label: 'Seite', kind: 'collection', pages: 'any' },
    text('title', 'Titel (optional)'),
    select('layout', 'Darstellung', [
      ['grid', 'Raster'],
      ['list', 'Liste'],
      ['carousel', 'Karussell'],
    ]),
    num('limit', 'Anzahl (1–30)'),
  ],
  'social-links': [
    text('title', 'Titel (optional)', 'Zeigt die Social-Media-Konten aus den Einstellungen der Website.'),
  ],
  form: [text('formId', 'Kennung des Formulars')],
  newsletter: [text('title', 'Titel'), area('description', 'Beschreibung')],
  map: [
    num('lat', 'Breitengrad'),
    num('lng', 'Längengrad'),
    num('zoom', 'Zoomstufe (1–20)'),
    text('address', 'Adresse'),
  ],
};

export const BLOCK_KINDS = Object.keys(t.blockKinds);

/** A new block of a kind, filled so that it mostly saves as it is. */
export function newBlock(kind: string, collections: readonly Collection[]): Block {
  const id = newBlockId();
  const productsPage = collections.find((c) => c.type === 'products');
  switch (kind) {
    case 'heading':
      return { type: 'heading', id, text: 'Neue Überschrift', level: 2 };
    case 'text':
      return { type: 'text', id, markdown: '' };
    case 'image':
      return { type: 'image', id, assetUrl: '', altText: '' };
    case 'button':
      return { type: 'button', id, label: 'Mehr erfahren', href: '/', style: 'primary', newWindow: false };
    case 'spacer':
      return { type: 'spacer', id, height: 40 };
    case 'html':
      return { type: 'html', id, html: '' };
    case 'embed':
      return { type: 'embed', id, url: '', aspectRatio: '16:9' };
    case 'products':
      return { type: 'products', id, collectionUrlId: productsPage?.urlId ?? '', limit: 8 };
    case 'summary':
      return { type: 'summary', id, collectionUrlId: collections[0]?.urlId ?? '', layout: 'grid', limit: 6 };
    case 'form':
      return { type: 'form', id, formId: '' };
    case 'newsletter':
      return { type: 'newsletter', id, title: 'Newsletter', description: '', listId: '' };
    case 'gallery':
      return { type: 'gallery', id, images: [], settings: { design: 'grid' } };
    case 'social-links':
      return { type: 'social-links', id, title: '' };
    case 'video':
      return { type: 'video', id, title: '', url: '' };
    case 'audio':
      return { type: 'audio', id, audioAssetUrl: '', title: '', artist: '' };
    case 'accordion':
      return { type: 'accordion', id, items: [{ title: 'Frage', markdown: '' }] };
    case 'map':
      return { type: 'map', id, lat: 52.52, lng: 13.405, zoom: 14, address: '' };
    case 'table':
      return {
        type: 'table',
        id,
        caption: '',
        headerRow: true,
        rows: [
          ['Spalte 1', 'Spalte 2'],
          ['', ''],
        ],
      };
    case 'hero':
      return {
        type: 'hero',
        id,
        heading: 'Willkommen',
        text: '',
        buttonLabel: '',
        buttonHref: '',
        assetUrl: '',
        altText: '',
        mediaFocalPoint: { x: 0.5, y: 0.5 },
        overlay: 'dark',
        height: 'medium',
      };
    case 'image-text':
      return {
        type: 'image-text',
        id,
        heading: '',
        markdown: '',
        assetUrl: '',
        altText: '',
        imagePosition: 'left',
        buttonLabel: '',
        buttonHref: '',
      };
    case 'featured-product':
      return { type: 'featured-product', id, productId: '', title: '', text: '' };
    case 'testimonials':
      return { type: 'testimonials', id, title: 'Das sagen unsere Kunden', items: [{ quote: '', name: '' }] };
    case 'faq':
      return { type: 'faq', id, title: 'Häufige Fragen', items: [{ question: '', markdown: '' }] };
    default:
      return { type: kind, id };
  }
}

/** A short name of a block for lists and announcements: its kind and the start of its text. */
export function blockLabel(block: Block): string {
  const kind = t.blockKinds[block.type] ?? block.type;
  const text = [block.heading, block.text, block.label, block.title, block.altText, block.markdown].find(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  );
  const short = text ? text.trim().replace(/\s+/g, ' ').slice(0, 40) : '';
  return short ? `${kind}: ${short}` : kind;
}

export interface FieldsProps {
  block: Block;
  blockKey: string;
  /** Server messages of this block, by field name. */
  errors: Record<string, string>;
  collections: readonly Collection[];
  disabled?: boolean;
  onChange: (changes: Partial<Block>, field: string) => void;
}
