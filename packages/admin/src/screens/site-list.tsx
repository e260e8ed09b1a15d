import { t } from '../messages.js';
import { Link } from '../routing/router.js';
import { paths } from '../routing/routes.js';
import { useSession } from '../session.js';
import { siteAddress } from '../ui/format.js';
import { PageTitle } from '../ui/page-title.js';

/** The websites the signed-in person belongs to, with their roles. */
export function SiteList() {
  const { session } = useSession();
  const sites = session?.sites ?? [];
  return (
    <div>
      <div className="title-row">
        <PageTitle>{t.yourSites}</PageTitle>
        <Link className="button button--primary" to={paths.newSite()}>
          {t.newSite}
        </Link>
      </div>
      {sites.length === 0 ? (
        <p className="empty">{t.noSites}</p>
      ) : (
        <ul className="site-cards">
          {sites.map((site) => {
            const address = siteAddress(site.hostnames[0]);
            return (
              <li key={site.id} className="card site-card">
                <h2>
                  <Link className="card-link" to={paths.site(site.id)}>
                    {site.title}
                  </Link>
                </h2>
                {address ? (
                  <p>
                    <a href={address} target="_blank" rel="noreferrer">
                      {site.hostnames[0]}
                    </a>
                  </p>
                ) : null}
                <p className="muted">
                  {t.yourRoles}: {site.roleNames.join(', ')}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
