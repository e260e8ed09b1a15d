import { hydrateRoot } from 'react-dom/client';
import { islandLoaders } from './browser-islands.js';

/**
 * Browser entry: the page is complete HTML already; each island root carries its server-rendered markup
 * and its props, and React takes it over in place once the island's own chunk has loaded.
 */
async function hydrateIslands(): Promise<void> {
  const roots = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  await Promise.all(
    roots.map(async (root) => {
      const load = islandLoaders[root.dataset.island ?? ''];
      if (!load) return;
      let props: Record<string, unknown>;
      try {
        props = JSON.parse(root.dataset.props ?? '{}');
      } catch {
        return;
      }
      const Component = await load();
      hydrateRoot(root, <Component {...props} />);
    }),
  );
}

void hydrateIslands();
void import('./analytics/runtime.js').then((m) => m.startAnalytics()).catch(() => {});
