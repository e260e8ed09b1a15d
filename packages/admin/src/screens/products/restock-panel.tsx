import { Fragment, useState } from 'react';
import { api } from '../../api/api-client.js';
import { Link } from '../../routing/router.js';
import { paths } from '../../routing/routes.js';
import { useSite } from '../../site-context.js';
import { isMissingRoute, useAction, useLoad } from '../../ui/async.js';
import { Button, ConfirmButton, ErrorBox, StatusMessage } from '../../ui/controls.js';
import { variantLabel } from '../../ui/format.js';

/*
 * Restock sign-ups on the stock screen (spec 7 restock calls, admin/catalog/restock-admin-routes.ts):
 * how many visitors wait for each variant, summed per product, and the "it is back" mail for one
 * variant or for everyone waiting. Reading needs commerce.view, sending commerce.inventory.
 */

export interface RestockGroup {
  productId: string;
  variantId: string;
  signUpCount: number;
  productTitle: string | null;
  attributes: Record<string, string> | null;
  sku: string | null;
  unlimited: boolean | null;
  qtyInStock: number | null;
}

interface GroupsPage {
  groups: RestockGroup[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

export interface RestockSignUp {
  id: string;
  siteVisitorEmail: string;
  isJoinMailingList: boolean;
  createdOn: number;
}

interface SignUpsPage {
  signUps: RestockSignUp[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

const base = (siteId: string) => `/sites/${encodeURIComponent(siteId)}/restock`;

/** Every page of groups (R7.4.6), at most 20 pages of 200. */
async function allGroups(siteId: string): Promise<RestockGroup[]> {
  let groups: RestockGroup[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < 20; n++) {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const page: GroupsPage = await api.get<GroupsPage>(`${base(siteId)}/groups${query}`);
    groups = groups.concat(page.groups);
    if (!page.hasNextPage || !page.nextPageCursor) break;
    cursor = page.nextPageCursor;
  }
  return groups;
}

/** Every page of one variant's sign-ups (R7.4.8), at most 20 pages of 200. */
async function allSignUps(siteId: string, productId: string, variantId: string): Promise<RestockSignUp[]> {
  let signUps: RestockSignUp[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < 20; n++) {
    const page: SignUpsPage = await api.get<SignUpsPage>(`${base(siteId)}/signups`, {
      query: { productId, variantId, cursor: cursor ?? undefined },
    });
    signUps = signUps.concat(page.signUps);
    if (!page.hasNextPage || !page.nextPageCursor) break;
    cursor = page.nextPageCursor;
  }
  return signUps;
}

export const restockApi = {
  groups: allGroups,
  signUps: allSignUps,
  send: (siteId: string, productId: string, variantId: string) =>
    api.post<{ sentCount: number }>(`${base(siteId)}/send`, { productId, variantId }),
  sendAll: (siteId: string) => api.post<{ sentCount: number }>(`${base(siteId)}/send/all`, {}),
};

export const R = {
  title: 'Warten auf Wiederverfügbarkeit',
  intro:
    'Besucher, die benachrichtigt werden möchten, sobald eine Variante wieder da ist. Fülle erst den Bestand auf, dann benachrichtige sie.',
  none: 'Gerade wartet niemand auf eine ausverkaufte Variante.',
  product: 'Produkt',
  variant: 'Variante',
  waiting: 'Wartende',
  stock: 'Bestand',
  unlimited: 'unbegrenzt',
  unknownProduct: 'Gelöschtes Produkt',
  total: (title: string, count: number) => `${title}: ${count} insgesamt`,
  notify: 'Benachrichtigen',
  notifyLabel: (label: string, count: number) =>
    `${label}: ${count === 1 ? '1 Person' : `${count} Personen`} benachrichtigen`,
  notifyAll: (count: number) => `Alle ${count} benachrichtigen`,
  notifyAllQuestion: (count: number) =>
    `Jetzt ${count === 1 ? 'eine E-Mail' : `${count} E-Mails`} an alle Wartenden senden?`,
  notifyAllConfirm: 'Ja, senden',
  showWaiting: (label: string) => `Wartende für ${label} anzeigen`,
  waitingList: (label: string) => `Wartende für ${label}`,
  joinsNewsletter: 'möchte auch den Newsletter',
  sent: (count: number) =>
    count === 0
      ? 'Es gab niemanden mehr zu benachrichtigen.'
      : count === 1
        ? '1 E-Mail wird verschickt.'
        : `${count} E-Mails werden verschickt.`,
} as const;

interface ProductGroup {
  productId: string;
  title: string;
  total: number;
  variants: RestockGroup[];
}

/** Groups per product, in the order the server listed them; the product's total is the sum (R7.4.9). */
export function byProduct(groups: readonly RestockGroup[]): ProductGroup[] {
  const products = new Map<string, ProductGroup>();
  for (const group of groups) {
    const product = products.get(group.productId) ?? {
      productId: group.productId,
      title: group.productTitle ?? R.unknownProduct,
      total: 0,
      variants: [],
    };
    product.total += group.signUpCount;
    product.variants.push(group);
    products.set(group.productId, product);
  }
  return [...products.values()];
}

/** The count of one variant, and on request who they are: every sign-up, read page by page. */
function WaitingVisitors({ group, label }: { group: RestockGroup; label: string }) {
  const { site } = useSite();
  const [open, setOpen] = useState(false);
  const loaded = useLoad(
    () => (open ? restockApi.signUps(site.id, group.productId, group.variantId) : Promise.resolve(undefined)),
    [open, site.id, group.productId, group.variantId, group.signUpCount],
  );
  return (
    <>
      <Button aria-expanded={open} aria-label={R.showWaiting(label)} onClick={() => setOpen(!open)}>
        {group.signUpCount}
      </Button>
      {open ? (
        <>
          <ErrorBox error={loaded.error} />
          {loaded.data ? (
            <ul className="restock-panel__waiting" aria-label={R.waitingList(label)}>
              {loaded.data.map((signUp) => (
                <li key={signUp.id}>
                  {signUp.siteVisitorEmail}
                  {signUp.isJoinMailingList ? <span className="muted"> ({R.joinsNewsletter})</span> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </>
  );
}

export function RestockPanel() {
  const { site, can } = useSite();
  const loaded = useLoad(() => restockApi.groups(site.id), [site.id]);
  const action = useAction();
  const [note, setNote] = useState('');
  // The server's own route missing (an older server): the stock screen goes on without this panel.
  // Shown once loaded, so the stock table above does not share the screen with a second spinner.
  if (isMissingRoute(loaded.error) || (loaded.loading && !loaded.data)) return null;
  const canSend = can('commerce.inventory');
  const groups = loaded.data ?? [];
  const waiting = groups.reduce((sum, g) => sum + g.signUpCount, 0);

  const sent = (answer: { sentCount: number } | undefined) => {
    if (!answer) return;
    setNote(R.sent(answer.sentCount));
    loaded.reload();
  };

  return (
    <section className="card restock-panel" aria-labelledby="restock-title">
      <h2 id="restock-title">{R.title}</h2>
      <p className="muted">{R.intro}</p>
      <ErrorBox error={loaded.error ?? action.error} />
      <StatusMessage>{note}</StatusMessage>
      {loaded.data && groups.length === 0 ? <p>{R.none}</p> : null}
      {groups.length > 0 ? (
        <>
          <div className="table-scroll">
            <table className="data-table">
              <caption className="visually-hidden">{R.title}</caption>
              <thead>
                <tr>
                  <th scope="col">{R.product}</th>
                  <th scope="col">{R.variant}</th>
                  <th scope="col">{R.stock}</th>
                  <th scope="col">{R.waiting}</th>
                  {canSend ? (
                    <th scope="col">
                      <span className="visually-hidden">{R.notify}</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {byProduct(groups).map((product) => (
                  <Fragment key={product.productId}>
                    <tr className="restock-panel__product">
                      <th scope="rowgroup" colSpan={3}>
                        {product.title === R.unknownProduct ? (
                          product.title
                        ) : (
                          <Link to={paths.product(site.id, product.productId)}>{product.title}</Link>
                        )}
                      </th>
                      <td aria-label={R.total(product.title, product.total)}>{product.total}</td>
                      {canSend ? <td /> : null}
                    </tr>
                    {product.variants.map((group) => {
                      const label = `${product.title} – ${variantLabel(group.attributes ?? {})}`;
                      return (
                        <tr key={group.variantId}>
                          <td />
                          <th scope="row">
                            {variantLabel(group.attributes ?? {})}
                            {group.sku ? (
                              <>
                                {' '}
                                <code>{group.sku}</code>
                              </>
                            ) : null}
                          </th>
                          <td>
                            {group.unlimited
                              ? R.unlimited
                              : group.qtyInStock === null
                                ? '–'
                                : group.qtyInStock}
                          </td>
                          <td>
                            <WaitingVisitors group={group} label={label} />
                          </td>
                          {canSend ? (
                            <td>
                              <Button
                                busy={action.busy}
                                aria-label={R.notifyLabel(label, group.signUpCount)}
                                onClick={async () =>
                                  sent(
                                    await action.run(() =>
                                      restockApi.send(site.id, group.productId, group.variantId),
                                    ),
                                  )
                                }
                              >
                                {R.notify}
                              </Button>
                            </td>
                          ) : null}
                        </tr>
                      );
                    })}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
          {canSend ? (
            <div className="form-actions">
              <ConfirmButton
                label={R.notifyAll(waiting)}
                question={R.notifyAllQuestion(waiting)}
                confirmLabel={R.notifyAllConfirm}
                busy={action.busy}
                onConfirm={async () => sent(await action.run(() => restockApi.sendAll(site.id)))}
              />
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
