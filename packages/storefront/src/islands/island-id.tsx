import { type ComponentType, createContext, type ReactNode, useContext, useId, useState } from 'react';

/** The ids of one island root: its prefix and how many ids its components took so far. */
interface IslandIds {
  prefix: string;
  next: number;
}

const IslandIdsContext = createContext<IslandIds | null>(null);

/**
 * An island's component, ready for the server to render or the browser to hydrate: both wrap it the same way
 * so its ids match. `prefix` is the island root's own (server-render.tsx), keeping two islands of one page
 * apart.
 */
export function islandElement(Component: ComponentType<any>, props: object, prefix: string) {
  return (
    <IslandIdsContext.Provider value={{ prefix, next: 0 }}>
      <Component {...(props as Record<string, unknown>)} />
    </IslandIdsContext.Provider>
  );
}

let rootsOpened = 0;

/**
 * What the browser renders into a root of its own (a dialog, the cookie banner): React numbered ids across
 * all roots, Preact counts from zero in each, so without a prefix of its own a dialog could repeat the ids
 * of the cookie banner open beside it.
 */
export function ownRootElement(children: ReactNode) {
  rootsOpened += 1;
  return (
    <IslandIdsContext.Provider value={{ prefix: `r${rootsOpened}-`, next: 0 }}>
      {children}
    </IslandIdsContext.Provider>
  );
}

/**
 * `useId` for island components. The server renders islands with React, the browser hydrates them with
 * Preact (the smaller bundle, build.mjs), and the two count `useId` differently (`_R_0_` against `P0-0`):
 * hydration keeps the server's attributes, so a field's id and the `aria-describedby` an error adds later
 * would no longer match. Here each component takes the next number of its island root when it first renders;
 * server and browser render the same tree in the same order, so they hand out the same ids, and components
 * that appear only later in the browser get numbers the server never used. Rendered outside an island (unit
 * tests) it is React's `useId`.
 */
export function useIslandId(): string {
  const ids = useContext(IslandIdsContext);
  const fallback = useId();
  const [id] = useState(() => (ids ? `${ids.prefix}${ids.next++}` : fallback));
  return id;
}
