import { pages } from '../../api/admin-api.js';
import { Link, useLocation } from '../../routing/router.js';
import { paths } from '../../routing/routes.js';
import { useSite } from '../../site-context.js';
import { isMissingRoute, useLoad } from '../../ui/async.js';
import { ErrorBox, Loading, NotAvailable } from '../../ui/controls.js';
import { dateTime } from '../../ui/format.js';
import { PageTitle } from '../../ui/page-title.js';
import { content, type Entry } from './content-api.js';
import { EntryForm } from './entry-form.js';
import { C } from './texts.js';
import './content.css';

/*
 * /inhalte — the website's blogs and events pages; /inhalte/:collectionId — the posts or events of
 * one, drafts first; ?eintrag=<id> (or neu) opens the form of one (issue 11). Reading needs pages.view,
 * writing drafts pages.editDrafts, publishing pages.publish (the server decides, the screen hides).
 */

export function ContentCollections() {
  const { site } = useSite();
  const loaded = useLoad(() => pages.list(site.id), [site.id]);
  const collections = loaded.data?.collections.filter((c) => c.type === 'blog' || c.type === 'events');
  return (
    <div>
      <PageTitle>{C.title}</PageTitle>
      <p className="muted">{C.intro}</p>
      <ErrorBox error={loaded.error} />
      {loaded.loading && !loaded.data ? <Loading /> : null}
      {collections && collections.length === 0 ? (
        <>
          <p>{C.none}</p>
          <p className="muted">
            {C.noneHint} <Link to={paths.pages(site.id)}>{C.toPages}</Link>
          </p>
        </>
      ) : null}
      {collections && collections.length > 0 ? (
        <ul className="dashboard-links">
          {collections.map((collection) => (
            <li key={collection.id} className="card">
              <Link
                className="card-link"
                to={paths.contentEntries(site.id, collection.id)}
                aria-label={C.open(collection.title)}
              >
                {collection.title}
              </Link>
              <p className="muted">
                {C.kind[collection.type as 'blog' | 'events']} · {collection.fullUrl}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function statusText(entry: Entry, timeZone: string) {
  const label = C.status[entry.status];
  return entry.publishedOn === null ? label : `${label}: ${dateTime(entry.publishedOn, timeZone)}`;
}

export function ContentEntries({ collectionId }: { collectionId: string }) {
  const { site, can } = useSite();
  const { search } = useLocation();
  const entryId = new URLSearchParams(search).get('eintrag');
  const loaded = useLoad(() => content.list(site.id, collectionId), [site.id, collectionId, entryId]);
  if (isMissingRoute(loaded.error)) return <NotAvailable title={C.title} />;
  const data = loaded.data;
  if (entryId && data)
    return (
      <EntryForm
        collection={data.collection}
        entryId={entryId === 'neu' ? undefined : entryId}
        listPath={paths.contentEntries(site.id, collectionId)}
      />
    );
  const events = data?.collection.kind === 'events';
  return (
    <div>
      <p>
        <Link to={paths.content(site.id)}>{C.allCollections}</Link>
      </p>
      <PageTitle text={data?.collection.title ?? C.title}>{data?.collection.title ?? C.title}</PageTitle>
      <ErrorBox error={loaded.error} />
      {loaded.loading && !data ? <Loading /> : null}
      {data ? (
        <>
          {can('pages.editDrafts') ? (
            <p>
              <Link
                className="button button--primary"
                to={paths.contentEntries(site.id, collectionId, 'neu')}
              >
                {events ? C.newEvent : C.newPost}
              </Link>
            </p>
          ) : null}
          {data.entries.length === 0 ? <p>{events ? C.noEvents : C.noPosts}</p> : null}
          {data.entries.length > 0 ? (
            <table className="data-table content-entries">
              <thead>
                <tr>
                  <th scope="col">{C.columns.title}</th>
                  {events ? <th scope="col">{C.columns.start}</th> : null}
                  <th scope="col">{C.columns.status}</th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      <Link
                        to={paths.contentEntries(site.id, collectionId, entry.id)}
                        aria-label={C.edit(entry.title)}
                      >
                        {entry.title}
                      </Link>
                      {entry.starred ? <span className="badge">{C.fields.starred}</span> : null}
                    </td>
                    {events ? (
                      <td>
                        {entry.startDate !== undefined
                          ? dateTime(entry.startDate, data.collection.timeZone)
                          : ''}
                      </td>
                    ) : null}
                    <td>
                      <span className={`content-status content-status--${entry.status}`}>
                        {statusText(entry, data.collection.timeZone)}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
