import { t } from '../../messages.js';
import { Link } from '../../routing/router.js';
import { useSite } from '../../site-context.js';
import { siteAddress } from '../../ui/format.js';
import { PageTitle } from '../../ui/page-title.js';
import { MemberNotifications } from './member-notifications.js';
import { SITE_SECTIONS } from './site-shell.js';

export function Dashboard() {
  const { site, can } = useSite();
  const address = site.url ?? siteAddress(site.hostnames[0]);
  const sections = SITE_SECTIONS.filter((s) => s.needs.some(can));
  return (
    <div>
      <PageTitle>{site.title}</PageTitle>
      {address ? (
        <p>
          {t.liveAddress}:{' '}
          <a href={address} target="_blank" rel="noreferrer">
            {address}
          </a>
        </p>
      ) : null}
      <p className="muted">
        {t.yourRoles}: {site.roleNames.join(', ')}
      </p>
      <h2>{t.dashboardIntro}</h2>
      <ul className="dashboard-links">
        {sections.map((section) => (
          <li key={section.key} className="card">
            <Link className="card-link" to={section.path(site.id)}>
              {section.label}
            </Link>
            <p className="muted">{t.dashboardHints[section.key]}</p>
          </li>
        ))}
      </ul>
      {/* Every member who sees the orders chooses their own shop mails here (issue 23). */}
      <MemberNotifications />
    </div>
  );
}
