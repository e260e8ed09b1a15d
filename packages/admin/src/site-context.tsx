import { createContext, type ReactNode, useContext } from 'react';
import { sites } from './api/admin-api.js';
import type { Site } from './api/admin-types.js';
import { type Permission, rolesAllow } from './shop-rules.js';
import { type Loaded, useLoad } from './ui/async.js';

/*
 * The website being edited, with the roles the signed-in person holds on it. Screens ask `can(...)`
 * to hide what the roles do not allow (rolesAllow of @baukasten/commerce); the server checks anyway.
 */

export interface SiteState {
  site: Site;
  can: (permission: Permission) => boolean;
  replace: (site: Site) => void;
  reload: () => void;
}

const SiteContext = createContext<SiteState | undefined>(undefined);

export const siteState = (
  site: Site,
  loaded?: Pick<Loaded<{ site: Site }>, 'set' | 'reload'>,
): SiteState => ({
  site,
  can: (permission) => rolesAllow(site.roles, permission),
  replace: (next) => loaded?.set({ site: next }),
  reload: () => loaded?.reload(),
});

export function useSiteLoad(siteId: string) {
  return useLoad(() => sites.get(siteId), [siteId]);
}

export function SiteProvider({ value, children }: { value: SiteState; children: ReactNode }) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteState {
  const state = useContext(SiteContext);
  if (!state) throw new Error('useSite outside SiteProvider');
  return state;
}
