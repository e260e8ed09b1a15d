import { hydrateRoot } from 'react-dom/client';
import { islands } from './island-registry.js';

/**
 * Browser entry: the page is complete HTML already; each island root carries its server-rendered markup
 * and its props, and React takes it over in place.
 */
function hydrateIslands(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const Component = islands[root.dataset.island ?? ''];
    if (!Component) continue;
    let props: Record<string, unknown> = {};
    try {
      props = JSON.parse(root.dataset.props ?? '{}');
    } catch {
      continue;
    }
    hydrateRoot(root, <Component {...props} />);
  }
}

hydrateIslands();
