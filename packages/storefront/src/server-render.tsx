import { renderToString } from 'react-dom/server';
import { islands } from './island-registry.js';

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Server side of an island: the same component the browser hydrates, rendered to HTML inside its root
 * element, with its props in `data-props` so hydration starts from identical state.
 */
export function renderIsland(name: string, props: object): string {
  const Component = islands[name];
  if (!Component) throw new Error(`Unbekannte Insel: ${name}`);
  const html = renderToString(<Component {...(props as Record<string, unknown>)} />);
  return `<div data-island="${escapeAttr(name)}" data-props="${escapeAttr(JSON.stringify(props))}">${html}</div>`;
}
