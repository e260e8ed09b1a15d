import { renderToString } from 'react-dom/server';
import { islands } from './island-registry.js';
import { islandElement } from './islands/island-id.js';

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Server side of an island: the same component the browser hydrates, rendered to HTML inside its root
 * element, with its props in `data-props` so hydration starts from identical state.
 */
export function renderIsland(name: string, props: object): string {
  const Component = islands[name];
  if (!Component) throw new Error(`Unbekannte Insel: ${name}`);
  const json = JSON.stringify(props);
  const idPrefix = islandIdPrefix(name, json);
  const html = renderToString(islandElement(Component, props, idPrefix));
  return `<div data-island="${escapeAttr(name)}" data-id-prefix="${idPrefix}" data-props="${escapeAttr(json)}">${html}</div>`;
}

/**
 * Each island root is its own React tree, and every tree counts its `useId` ids from zero: two forms on one
 * page both made `_R_0_-email`, so a label pointed at the other form's field (audit of /kontakt). A prefix
 * from the island's name and props keeps them apart and is the same wherever the island is rendered; the
 * browser hydrates with the prefix it finds on the root (islands/island-id.tsx).
 */
export function islandIdPrefix(name: string, propsJson: string): string {
  // FNV-1a: short, stable, no dependency; uniqueness between the few islands of one page is all it needs.
  let hash = 0x811c9dc5;
  for (let i = 0; i < propsJson.length; i++) {
    hash ^= propsJson.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${name.replace(/[^\w-]/g, '')}-${(hash >>> 0).toString(36)}-`;
}
