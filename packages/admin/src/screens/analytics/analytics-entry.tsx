import { useEffect } from 'react';
import { Link, navigate } from '../../routing/router.js';
import { paths } from '../../routing/routes.js';
import { useSession } from '../../session.js';
import { rolesAllow } from '../../shop-rules.js';
import { PageTitle } from '../../ui/page-title.js';
import { A } from './texts.js';

/**
 * /config/analytics: the dashboards of the first website whose roles allow them (most owners have one);
 * with none, a short note and the way back to the sites.
 */
export function AnalyticsEntry() {
  const { session } = useSession();
  const site = session?.sites.find((s) => rolesAllow(s.roles, 'analytics.view'));
  useEffect(() => {
    if (site) navigate(paths.analytics(site.id), { replace: true });
  }, [site]);
  if (site) return null;
  return (
    <div className="narrow">
      <PageTitle>{A.title}</PageTitle>
      <p>{A.noSiteWithAnalytics}</p>
      <Link to={paths.home()}>{A.allSites}</Link>
    </div>
  );
}
