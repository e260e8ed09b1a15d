import {
  carrierName,
  formatMoney,
  isValidEmail,
  PageType,
  SESSION_MESSAGES,
  trackingUrlOf,
} from '@baukasten/commerce';
import type { CustomerAccount, Website } from '@baukasten/storage';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../admin/passwords.js';
import { countryOptions } from '../commerce/checkout-countries.js';
import { CART_COOKIE } from '../commerce/commerce-routes.js';
import { sameSitePath, withQueryParam } from '../commerce/form-posts.js';
import { HttpError } from '../http-error.js';
import { INVOICE_TITLES, type InvoiceData } from '../invoices/invoice-data.js';
import { accountInvoice, accountInvoiceUrl, sendInvoicePdf } from '../invoices/invoice-routes.js';
import { pageQueryOf } from '../pages/cart-page.js';
import { commercePageTexts } from '../pages/commerce-page-messages.js';
import { formRefusal, REFUSED_STATUS, refusedTitle } from '../pages/form-refusal.js';
import { baseContext, type PageDeps, sendPage } from '../pages/send-page.js';
import { siteOrigin } from '../pages/seo-routes.js';
import { websiteOf } from '../site-request.js';
import { ACCOUNT_HOME, ERROR_PARAM, NOTICE_PARAM, SIGN_IN_PAGE, useCart } from './customer-account-routes.js';
import { CustomerAccountService } from './customer-account-service.js';
import { accountTexts, customerErrors, customerNotices } from './customer-messages.js';
import type { CustomerAuth } from './customer-session.js';

/*
 * The German account pages under /account. They render on the server, carry no script and work with
 * plain forms (crumb in a hidden field). Signed out, /account/anmelden, /registrieren,
 * /passwort-vergessen and /passwort-neu use the `account-entry` template; signed in, every page uses
 * `account` with one section filled. `?format=json` gives the context, as on every page.
 */

const pageQuery = z.object({
  hinweis: z.string().max(60).optional(),
  fehler: z.string().max(60).optional(),
  zurueck: z.string().max(2000).optional(),
  token: z.string().max(100).optional(),
});

const NAV = [
  { path: ACCOUNT_HOME, label: 'Übersicht' },
  { path: '/account/bestellungen', label: 'Bestellungen' },
  { path: '/account/downloads', label: 'Downloads' },
  { path: '/account/abos', label: 'Abos' },
  { path: '/account/adressen', label: 'Adressen' },
  { path: '/account/benachrichtigungen', label: 'Benachrichtigungen' },
  { path: '/account/newsletter', label: 'Newsletter' },
  { path: '/account/loeschen', label: 'Konto löschen' },
] as const;

function errorText(type: string | undefined): string | null {
  if (!type) return null;
  if (type in customerErrors) return customerErrors[type as keyof typeof customerErrors];
  if (type === 'CRUMB_FAILED') return SESSION_MESSAGES.sessionExpired;
  if (type === 'COOKIES_DISABLED') return SESSION_MESSAGES.cookiesDisabled;
  if (type === 'RATE_LIMITED') return SESSION_MESSAGES.tooManyRequests;
  return customerErrors.INVALID_INPUT;
}

/** The field each refusal of an entry form concerns; the others (wrong credentials, a dead link) concern none. */
const FIELD_OF_ERROR: Readonly<Record<string, string>> = {
  NAME_REQUIRED: 'name',
  INVALID_EMAIL: 'email',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_TOO_LONG: 'password',
};

/** The entry forms' labels in form order: they name the fields in the error summary. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  email: 'E-Mail-Adresse',
  password: 'Passwort',
};

/**
 * Every problem of a sign-up at once: the service stops at the first, but a shopper who mistyped the
 * address and chose a short password should learn both in one round.
 */
function signUpProblems(values: Readonly<Record<string, string>>): Record<string, string> {
  const problems: Record<string, string> = {};
  if ((values.name ?? '').trim() === '') problems.name = customerErrors.NAME_REQUIRED;
  if (!isValidEmail(values.email ?? '')) problems.email = customerErrors.INVALID_EMAIL;
  const password = values.password ?? '';
  if (password.length < PASSWORD_MIN_LENGTH) problems.password = customerErrors.PASSWORD_TOO_SHORT;
  return problems;
}

/** A refused entry form (sign-up, sign-in, password forms) as its page shows it again. */
export type EntryRefusalPage = (
  path: string,
  request: FastifyRequest,
  reply: FastifyReply,
  error: HttpError,
) => Promise<FastifyReply | undefined>;

const noticeText = (type: string | undefined) =>
  type && type in customerNotices ? customerNotices[type as keyof typeof customerNotices] : null;

const dateOf = (website: Website, epochMs: number) =>
  new Intl.DateTimeFormat(website.locale, { dateStyle: 'long', timeZone: website.timeZone }).format(epochMs);

/** How long after its creation the overview still announces a new account (ad pixels, issue 9). */
const ACCOUNT_CREATED_WINDOW_MS = 60 * 60_000;

export function registerAccountPages(
  site: FastifyInstance,
  deps: PageDeps,
  auth: CustomerAuth,
  now: () => number = Date.now,
) {
  const { storage } = deps;
  const service = new CustomerAccountService(storage);

  const frame = async (request: FastifyRequest, title: string, refused = false) => {
    const website = websiteOf(request);
    const query = refused ? {} : pageQueryOf(pageQuery, request.query);
    return {
      ...(await baseContext(storage, website)),
      pageType: PageType.PAGE,
      seo: {
        title: `${refused ? refusedTitle(title) : title} – ${website.title}`,
        canonicalUrl: `${siteOrigin(request)}${request.url.split('?')[0]}`,
      },
      title,
      crumb: request.crumb ?? '',
      notice: noticeText(query.hinweis),
      error: errorText(query.fehler),
    };
  };

  /** Renders a refused entry form again (issue 22), by the path it posts to. */
  const refusalPages = new Map<
    string,
    (request: FastifyRequest, reply: FastifyReply, error: HttpError) => Promise<FastifyReply>
  >();

  /**
   * A signed-out page; a signed-in customer goes to the account instead. `section` gets the values of a
   * refused post (never the password), or none on a plain visit.
   */
  const entryPage = (
    path: string,
    title: string,
    section: (request: FastifyRequest, values?: Readonly<Record<string, string>>) => Record<string, unknown>,
  ) => {
    site.get(path, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (await auth.current(request, reply)) return reply.redirect(ACCOUNT_HOME, 303);
      const context = { ...(await frame(request, title)), ...section(request) };
      return sendPage(deps, request, reply, 'account-entry', context, 200, { scripts: false });
    });
    refusalPages.set(path, async (request, reply, error) => {
      const posted = (request.body ?? {}) as Record<string, unknown>;
      const values: Record<string, string> = {};
      for (const [name, value] of Object.entries(posted)) {
        if (typeof value === 'string' && name !== 'crumb') values[name] = value.slice(0, 2000);
      }
      const fields: Record<string, string> = path === '/account/registrieren' ? signUpProblems(values) : {};
      const field = FIELD_OF_ERROR[error.type];
      if (field && !fields[field]) fields[field] = error.message;
      const message = errorText(error.type) ?? error.message;
      const { password: _password, ...shown } = values;
      const context = {
        ...(await frame(request, title, true)),
        refusal: formRefusal(message, fields, FIELD_LABELS),
        values: shown,
        ...section(request, values),
      };
      return sendPage(deps, request, reply, 'account-entry', context, REFUSED_STATUS, { scripts: false });
    });
  };

  entryPage(SIGN_IN_PAGE, accountTexts.signInTitle, (request, values) => {
    const zurueck = values ? values.returnTo : pageQueryOf(pageQuery, request.query).zurueck;
    return { signInForm: { action: SIGN_IN_PAGE, returnTo: zurueck ? sameSitePath(zurueck) : ACCOUNT_HOME } };
  });
  entryPage('/account/registrieren', accountTexts.signUpTitle, () => ({
    signUpForm: { action: '/account/registrieren' },
  }));
  entryPage('/account/passwort-vergessen', accountTexts.forgotTitle, () => ({
    forgotForm: { action: '/account/passwort-vergessen' },
  }));
  entryPage('/account/passwort-neu', accountTexts.resetTitle, (request, values) => {
    const token = values ? values.token : pageQueryOf(pageQuery, request.query).token;
    return token ? { resetForm: { action: '/account/passwort-neu', token } } : { linkInvalid: true };
  });

  // The link of the verification mail. Opening it is the proof; the token works once. A sign-up's link
  // makes the account and signs in; SIGNED_UP on the overview announces the new account (analytics).
  site.get('/account/bestaetigen', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { token } = pageQueryOf(pageQuery, request.query);
    const signedIn = await auth.current(request, reply);
    try {
      const { customer, created } = await service.verify(websiteOf(request), token ?? '');
      if (created) {
        await auth.start(request, reply, customer);
        useCart(reply, await service.mergeCarts(websiteOf(request), customer, request.cookies[CART_COOKIE]));
        return reply.redirect(withQueryParam(ACCOUNT_HOME, NOTICE_PARAM, 'SIGNED_UP'), 303);
      }
      if (signedIn?.id === customer.id) request.customer = customer;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return reply.redirect(
        withQueryParam(signedIn ? ACCOUNT_HOME : SIGN_IN_PAGE, ERROR_PARAM, error.type),
        303,
      );
    }
    return reply.redirect(
      withQueryParam(signedIn ? ACCOUNT_HOME : SIGN_IN_PAGE, NOTICE_PARAM, 'VERIFIED'),
      303,
    );
  });

  /** A page of the signed-in customer; without a session it asks to sign in and comes back. */
  const accountPage = (
    path: string,
    title: string,
    section: (
      website: Website,
      customer: CustomerAccount,
      request: FastifyRequest,
    ) => Promise<Record<string, unknown>>,
  ) => {
    site.get(path, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const customer = await auth.current(request, reply);
      if (!customer) {
        if ((request.query as { format?: unknown } | undefined)?.format === 'json')
          throw new HttpError(401, 'NOT_SIGNED_IN', customerErrors.NOT_SIGNED_IN);
        return reply.redirect(withQueryParam(SIGN_IN_PAGE, 'zurueck', path), 303);
      }
      const website = websiteOf(request);
      const context = {
        ...(await frame(request, title)),
        customer: {
          siteUserId: customer.id,
          name: customer.name,
          email: customer.email,
          emailVerified: customer.emailVerifiedAt !== undefined,
        },
        accountNav: NAV.map((item) => ({ ...item, active: item.path === path })),
        signOutAction: '/account/abmelden',
        ...(await section(website, customer, request)),
      };
      // The page that announces a new account loads the analytics runtime (no islands) for the ad
      // pixels' "account created"; every other account page runs no script.
      const scripts = 'accountCreated' in context ? ('analytics' as const) : false;
      return sendPage(deps, request, reply, 'account', context, 200, { scripts });
    });
  };

  accountPage(ACCOUNT_HOME, accountTexts.overviewTitle, async (_website, customer, request) => {
    const { hinweis } = pageQueryOf(pageQuery, request.query);
    // The sign-up lands here with SIGNED_UP; a bookmark of that address weeks later announces nothing.
    const justCreated = hinweis === 'SIGNED_UP' && now() - customer.createdAt < ACCOUNT_CREATED_WINDOW_MS;
    return {
      overview: { resendAction: '/account/bestaetigung-senden' },
      ...(justCreated ? { accountCreated: customer.id } : {}),
    };
  });

  accountPage('/account/bestellungen', accountTexts.ordersTitle, async (website, customer) => {
    const orders = await service.orders(website, customer);
    // Issue 23: each order's parcels with their tracking links, one query for the whole list.
    const parcels = await storage.fulfilment.shipmentsOfOrders(
      website.id,
      orders.map((o) => o.id),
    );
    // Issue 21: each order's invoices (and Storno/correcting invoices) as PDF, from the account's own route.
    const invoices = await Promise.all(orders.map((o) => storage.invoices.forOrder(website.id, o.id)));
    return {
      orders: {
        items: orders.map((order, i) => ({
          invoices: invoices[i].map((invoice) => ({
            label: `${INVOICE_TITLES[invoice.kind] ?? 'Rechnung'} ${(invoice.data as InvoiceData).numberText}`,
            url: accountInvoiceUrl(invoice.number),
          })),
          shipments: (parcels.get(order.id) ?? []).map((s) => ({
            carrierName: carrierName(s.carrier),
            trackingUrl: trackingUrlOf(s.carrier, s.trackingNumber) ?? null,
          })),
          id: order.id,
          orderNumber: order.orderNumber,
          createdText: dateOf(website, order.createdAt),
          status: order.status,
          statusText: accountTexts.orderStatus[order.status] ?? order.status,
          paymentStatusText: order.paymentStatus
            ? (commercePageTexts.paymentStatus[order.paymentStatus] ?? '')
            : '',
          itemCount: order.itemCount,
          grandTotalText: formatMoney(order.grandTotalMinor, order.currency, website.locale),
          statusUrl: `/bestellung/${order.orderNumber}?email=${encodeURIComponent(customer.email)}`,
        })),
      },
    };
  });

  // An invoice PDF of the signed-in customer's own order (issue 21); anything else is an unknown invoice.
  site.get('/account/rechnungen/:file', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const customer = await auth.current(request, reply);
    if (!customer) throw new HttpError(401, 'NOT_SIGNED_IN', customerErrors.NOT_SIGNED_IN);
    const website = websiteOf(request);
    const own = new Set((await service.orders(website, customer)).map((o) => o.id));
    const { file } = request.params as { file: string };
    return sendInvoicePdf(reply, await accountInvoice(storage, website.id, file, own));
  });

  accountPage('/account/downloads', accountTexts.downloadsTitle, async (website, customer) => ({
    downloads: {
      items: (await service.downloads(website, customer)).map((d) => ({
        productName: d.productName,
        orderNumber: d.orderNumber,
        // Like the order pages: the file only once the order is paid.
        downloadUrl: d.paid ? `/downloads/${encodeURIComponent(d.downloadToken)}` : null,
      })),
    },
  }));

  accountPage('/account/abos', accountTexts.subscriptionsTitle, async (website, customer) => ({
    subscriptions: {
      items: (await service.subscriptions(website, customer)).map((s) => ({
        ...s,
        statusText: accountTexts.subscriptionStatus[s.status] ?? s.status,
        isActive: s.status === 'ACTIVE',
        cancelAction: `/account/abos/${encodeURIComponent(s.id)}/kuendigen`,
      })),
    },
  }));

  accountPage('/account/adressen', accountTexts.addressesTitle, async (website, customer) => ({
    addresses: {
      items: (await service.addresses(website, customer)).map((a) => ({
        id: a.id,
        isDefault: a.isDefault,
        lines: [
          `${a.address.firstName ?? ''} ${a.address.lastName ?? ''}`.trim(),
          a.address.line1,
          a.address.line2,
          `${a.address.postalCode ?? ''} ${a.address.city ?? ''}`.trim(),
          a.address.country,
        ].filter((line) => line),
        removeAction: `/account/adressen/${encodeURIComponent(a.id)}/loeschen`,
        defaultAction: `/account/adressen/${encodeURIComponent(a.id)}/standard`,
      })),
      addAction: '/account/adressen',
      countries: countryOptions(website, 'DE'),
    },
  }));

  accountPage('/account/benachrichtigungen', accountTexts.restockTitle, async (website, customer) => {
    const [notices, soldOut] = await Promise.all([
      service.restockNotices(website, customer),
      service.soldOutVariants(website),
    ]);
    const waiting = new Set(notices.map((n) => `${n.productId}:${n.variantId}`));
    return {
      restock: {
        items: notices.map((n) => ({
          ...n,
          createdText: dateOf(website, n.createdAt),
          removeAction: `/account/benachrichtigungen/${encodeURIComponent(n.id)}/entfernen`,
        })),
        addAction: '/account/benachrichtigungen',
        soldOut: soldOut.filter((v) => !waiting.has(`${v.productId}:${v.variantId}`)),
      },
    };
  });

  accountPage('/account/newsletter', accountTexts.newsletterTitle, async (website, customer) => {
    const status = await service.newsletterStatus(website, customer);
    return {
      newsletter: {
        action: '/account/newsletter',
        subscribed: status === 'confirmed',
        pending: status === 'pending',
      },
    };
  });

  accountPage('/account/loeschen', accountTexts.deleteTitle, async () => ({
    deleteForm: { action: '/account/loeschen' },
  }));

  const refusalPage: EntryRefusalPage = async (path, request, reply, error) =>
    refusalPages.get(path)?.(request, reply, error);
  return refusalPage;
}
