import { hydrateRoot } from 'react-dom/client';
import { islandLoaders } from './browser-islands.js';
import { islandElement } from './islands/island-id.js';

/**
 * Browser entry: the page is complete HTML already; each island root carries its server-rendered markup
 * and its props, and Preact (with React's API, see build.mjs) takes it over in place once the island's own
 * chunk has loaded.
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
      hydrateRoot(root, islandElement(Component, props, root.dataset.idPrefix ?? ''));
    }),
  );
}

void hydrateIslands();

// The header's drawer works as plain HTML; its keyboard handling loads when it is first opened.
const siteMenu = document.querySelector<HTMLDetailsElement>('details[data-site-menu]');
siteMenu?.addEventListener(
  'toggle',
  () => void import('./site-menu.js').then((m) => m.enhanceSiteMenu(siteMenu)),
  { once: true },
);
void import('./analytics/runtime.js').then((m) => m.startAnalytics()).catch(() => {});
