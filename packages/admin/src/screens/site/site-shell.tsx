import type { ReactNode } from 'react';
import { t } from '../../messages.js';
import { Link, useLocation } from '../../routing/router.js';
import { paths } from '../../routing/routes.js';
import type { Permission } from '../../shop-rules.js';
import { SiteProvider, siteState, useSiteLoad } from '../../site-context.js';
import { ErrorBox, Loading } from '../../ui/controls.js';
import { siteAddress } from '../../ui/format.js';

export interface SiteSectionLink {
  key: keyof typeof t.dashboardHints;
  label: string;
  path: (siteId: string) => string;
  /** Shown only when the roles allow one of these. */
  needs: Permission[];
}

export const SITE_SECTIONS: SiteSectionLink[] = [
  { key: 'pages', label: t.pages, path: paths.pages, needs: ['pages.view'] },
  { key: 'content', label: 'Beiträge & Termine', path: paths.content, needs: ['pages.view'] },
  { key: 'comments', label: 'Kommentare', path: paths.comments, needs: ['comments.moderate'] },
  { key: 'newsletter', label: 'Newsletter', path: paths.newsletter, needs: ['campaigns.edit'] },
  { key: 'products', label: t.products, path: paths.products, needs: ['commerce.view'] },
  { key: 'inventory', label: t.inventory, path: paths.inventory, needs: ['commerce.view'] },
  { key: 'orders', label: t.orders, path: paths.orders, needs: ['commerce.view'] },
  { key: 'customers', label: 'Kunden', path: paths.customers, needs: ['commerce.view'] },
  { key: 'settings', label: t.settings, path: paths.settings, needs: ['site.settings', 'commerce.settings'] },
  { key: 'legal', label: 'Rechtliches', path: paths.legal, needs: ['site.settings'] },
  { key: 'payments', label: 'Zahlungen', path: paths.payments, needs: ['commerce.settings'] },
  { key: 'members', label: t.members, path: paths.members, needs: ['site.members'] },
  { key: 'analytics', label: t.analytics, path: paths.analytics, needs: ['analytics.view'] },
  { key: 'forms', label: t.forms, path: paths.forms, needs: ['forms.view'] },
  { key: 'media', label: 'Bilder', path: paths.media, needs: ['pages.view', 'commerce.view'] },
  { key: 'design', label: 'Design', path: paths.design, needs: ['site.settings'] },
  { key: 'domains', label: 'Domains', path: paths.domains, needs: ['site.settings'] },
  { key: 'redirects', label: 'Weiterleitungen', path: paths.redirects, needs: ['pages.publish'] },
  { key: 'code', label: 'Theme-Code', path: paths.code, needs: ['theme.code'] },
  { key: 'apiKeys', label: 'API-Schlüssel', path: paths.apiKeys, needs: ['commerce.apiKeys'] },
  { key: 'webhooks', label: 'Webhooks', path: paths.webhooks, needs: ['commerce.apiKeys'] },
];

/** Loads the website, then shows its navigation and the section inside. */
export function SiteShell({ siteId, children }: { siteId: string; children: ReactNode }) {
  const loaded = useSiteLoad(siteId);
  const { pathname } = useLocation();
  if (loaded.error) return <ErrorBox error={loaded.error} />;
  if (!loaded.data) return <Loading />;
  const state = siteState(loaded.data.site, loaded);
  const { site, can } = state;
  const address = site.url ?? siteAddress(site.hostnames[0]);
  const links = [
    { key: 'dashboard', label: t.dashboard, path: paths.site(site.id) },
    ...SITE_SECTIONS.filter((s) => s.needs.some(can)).map((s) => ({
      key: s.key,
      label: s.label,
      path: s.path(site.id),
    })),
  ];
  return (
    <SiteProvider value={state}>
      <div className="site-shell">
        <nav className="site-nav" aria-label={t.siteNavigation}>
          <p className="site-nav__title">
            <Link to={paths.site(site.id)}>{site.title}</Link>
            {address ? (
              <a className="site-nav__address" href={address} target="_blank" rel="noreferrer">
                {t.openSite}
              </a>
            ) : null}
          </p>
          <ul>
            {links.map((link) => {
              const current =
                link.key === 'dashboard' ? pathname === link.path : pathname.startsWith(link.path);
              return (
                <li key={link.key}>
                  <Link to={link.path} aria-current={current ? 'page' : undefined}>
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="site-content">{children}</div>
      </div>
    </SiteProvider>
  );
}
