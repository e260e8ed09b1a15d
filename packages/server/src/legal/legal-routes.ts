import {
  LEGAL_PATHS,
  type LegalBlock,
  type LegalPageSlug,
  legalLinks,
  PageType,
  WITHDRAWAL_FUNCTION_PATH,
} from '@baukasten/commerce';
import type { Website } from '@baukasten/storage';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PaymentProvider } from '../commerce/payment-providers.js';
import { checkCrumb } from '../crumb.js';
import { checkoutPrefillOf } from '../customer-accounts/customer-accounts.js';
import { HttpError } from '../http-error.js';
import { pageQueryOf } from '../pages/cart-page.js';
import { baseContext, type PageDeps, sendPage } from '../pages/send-page.js';
import { InMemoryRateLimiter, type RateLimiter } from '../rate-limit.js';
import { siteOrigin } from '../site-url.js';
import { legalTextsInForce } from './legal-texts-service.js';
import {
  WithdrawalRefused,
  type WithdrawalRequest,
  type WithdrawalReview,
  WithdrawalService,
} from './withdrawal-service.js';

/*
 * The legal pages at fixed German paths (/impressum, /datenschutz, /agb, /widerruf, /versand-und-zahlung,
 * /barrierefreiheit) and the withdrawal function at /vertrag-widerrufen: a form, a review with
 * "Widerruf bestätigen", and the confirmation. Plain HTML forms that post url-encoded with the crumb, so
 * all of it works without JavaScript; a refusal re-renders the form with the German message and a 4xx.
 */

/** Look-ups per client address: an order number with an e-mail opens an order, so guessing is throttled. */
export const WITHDRAWAL_LOOKUPS = { limit: 30, windowMs: 60_000 };

const CONFIRM_PATH = `${WITHDRAWAL_FUNCTION_PATH}/bestaetigen`;
const PLACEHOLDER_MARK = '[bitte ergänzen:';

export interface LegalRouteOptions {
  /** The payment providers the checkout offers, connected Stripe and PayPal included. */
  providersOf: (website: Website) => readonly PaymentProvider[] | Promise<readonly PaymentProvider[]>;
  withdrawalLimiter?: RateLimiter;
}

const blockContext = (block: LegalBlock) => ({
  ...block,
  isHeading: block.kind === 'heading',
  isParagraph: block.kind === 'paragraph',
  isLines: block.kind === 'lines',
  isList: block.kind === 'list',
});

const text = (max: number) => z.string().max(max).optional();
const withdrawalForm = z.object({
  name: text(200),
  orderNumber: text(64),
  email: text(256),
  itemIds: z.union([z.string().max(64), z.array(z.string().max(64)).max(200)]).optional(),
  crumb: text(200),
});
const prefillQuery = z.object({ bestellung: z.string().max(64) });

function requestOf(body: unknown): WithdrawalRequest {
  const parsed = withdrawalForm.safeParse(body ?? {});
  if (!parsed.success)
    throw new WithdrawalRefused(
      400,
      'BAD_REQUEST',
      'Die Angaben konnten nicht gelesen werden. Bitte fülle das Formular erneut aus.',
    );
  const f = parsed.data;
  const itemIds = f.itemIds === undefined ? [] : Array.isArray(f.itemIds) ? f.itemIds : [f.itemIds];
  return { name: f.name ?? '', orderNumber: f.orderNumber ?? '', email: f.email ?? '', itemIds };
}

export function registerLegalRoutes(site: FastifyInstance, deps: PageDeps, options: LegalRouteOptions) {
  const { storage } = deps;
  const withdrawals = new WithdrawalService(storage);
  const limiter = options.withdrawalLimiter ?? new InMemoryRateLimiter(WITHDRAWAL_LOOKUPS);

  for (const slug of Object.keys(LEGAL_PATHS) as LegalPageSlug[]) {
    site.get(LEGAL_PATHS[slug], async (request, reply) => {
      const website = request.website!;
      const inForce = await legalTextsInForce(
        storage,
        website,
        await options.providersOf(website),
        siteOrigin(request),
      );
      const document = inForce.documents[slug];
      const incomplete = JSON.stringify(document.blocks).includes(PLACEHOLDER_MARK);
      const since = new Intl.DateTimeFormat('de-DE', {
        dateStyle: 'long',
        timeZone: website.timeZone,
      }).format(inForce.since);
      const context = {
        ...(await baseContext(storage, website)),
        pageType: PageType.PAGE,
        seo: {
          title: `${document.title} – ${website.title}`,
          canonicalUrl: `${siteOrigin(request)}${LEGAL_PATHS[slug]}`,
        },
        title: document.title,
        legalPage: slug,
        blocks: document.blocks.map(blockContext),
        placeholderNotice: incomplete
          ? 'Einige Angaben fehlen noch; die Stellen in eckigen Klammern ergänzt der Shop-Betreiber im Editor unter „Rechtliches“.'
          : null,
        versionText: `Fassung ${inForce.version}, gültig seit ${since}`,
        withdrawalUrl: slug === 'widerruf' ? WITHDRAWAL_FUNCTION_PATH : null,
      };
      return sendPage(deps, request, reply, 'legal-page', context, 200);
    });
  }

  const pageBase = async (request: FastifyRequest, website: Website) => ({
    ...(await baseContext(storage, website)),
    pageType: PageType.PAGE,
    seo: {
      title: `Vertrag widerrufen – ${website.title}`,
      canonicalUrl: `${siteOrigin(request)}${WITHDRAWAL_FUNCTION_PATH}`,
    },
    title: 'Vertrag widerrufen',
  });

  const sendForm = async (
    request: FastifyRequest,
    reply: FastifyReply,
    values: Partial<WithdrawalRequest>,
    status = 200,
    refusal?: WithdrawalRefused | HttpError,
  ) => {
    const website = request.website!;
    reply.header('cache-control', 'no-store');
    const context = {
      ...(await pageBase(request, website)),
      form: {
        action: WITHDRAWAL_FUNCTION_PATH,
        crumb: request.crumb ?? '',
        values: { name: values.name ?? '', orderNumber: values.orderNumber ?? '', email: values.email ?? '' },
        fieldErrors: refusal instanceof WithdrawalRefused ? refusal.fields : {},
      },
      error: refusal
        ? {
            type: refusal.type,
            message: refusal.message,
            explanations: refusal instanceof WithdrawalRefused ? refusal.explanations : [],
          }
        : null,
    };
    return sendPage(deps, request, reply, 'withdrawal', context, status, { scripts: false });
  };

  const sendReview = async (
    request: FastifyRequest,
    reply: FastifyReply,
    values: WithdrawalRequest,
    review: WithdrawalReview,
  ) => {
    const website = request.website!;
    reply.header('cache-control', 'no-store');
    const created = new Intl.DateTimeFormat('de-DE', {
      dateStyle: 'long',
      timeZone: website.timeZone,
    }).format(review.order.createdAt);
    const chosen = new Set(review.decision.items.map((i) => i.id));
    const context = {
      ...(await pageBase(request, website)),
      review: {
        action: CONFIRM_PATH,
        crumb: request.crumb ?? '',
        values,
        orderNumber: review.order.orderNumber,
        createdText: created,
        items: review.items.map((item) => ({
          id: item.id,
          label: item.label,
          selectable: chosen.has(item.id),
          note: item.alreadyWithdrawn ? 'bereits widerrufen' : (item.excludedText ?? item.lateText ?? ''),
        })),
        backUrl: WITHDRAWAL_FUNCTION_PATH,
      },
    };
    return sendPage(deps, request, reply, 'withdrawal', context, 200, { scripts: false });
  };

  /** Crumb, throttle and the form's fields; a refusal is answered with the form and its message. */
  const guarded = async (
    request: FastifyRequest,
    reply: FastifyReply,
    run: (values: WithdrawalRequest) => Promise<unknown>,
  ) => {
    let values: Partial<WithdrawalRequest> = {};
    try {
      values = requestOf(request.body);
      checkCrumb(request);
      if (!(await limiter.hit(`withdrawal:${request.website!.id}:${request.ip}`)))
        throw new HttpError(
          429,
          'RATE_LIMITED',
          'Zu viele Versuche in kurzer Zeit. Bitte warte eine Minute und versuche es dann erneut.',
        );
      return await run(values as WithdrawalRequest);
    } catch (error) {
      if (error instanceof HttpError) return sendForm(request, reply, values, error.statusCode, error);
      throw error;
    }
  };

  site.get(WITHDRAWAL_FUNCTION_PATH, async (request, reply) => {
    const { bestellung } = pageQueryOf(prefillQuery, request.query);
    // A signed-in customer comes from their order list: number and e-mail are filled in.
    const prefill = await checkoutPrefillOf(deps, request).catch(() => null);
    return sendForm(request, reply, { orderNumber: bestellung ?? '', email: prefill?.email ?? '' });
  });

  site.post(WITHDRAWAL_FUNCTION_PATH, async (request, reply) =>
    guarded(request, reply, async (values) => {
      const review = await withdrawals.review(request.website!, values);
      return sendReview(request, reply, { ...values, itemIds: [] }, review);
    }),
  );

  site.post(CONFIRM_PATH, async (request, reply) =>
    guarded(request, reply, async (values) => {
      const website = request.website!;
      const origin = siteOrigin(request);
      const declared = await withdrawals.declare(website, values, {
        legalLinks: legalLinks().map((l) => ({ title: l.title, url: `${origin}${l.url}` })),
        orderUrl: (order) =>
          `${request.server.editorBaseUrl}/config/sites/${encodeURIComponent(website.id)}/bestellungen/${encodeURIComponent(order.id)}`,
      });
      reply.header('cache-control', 'no-store');
      const context = {
        ...(await pageBase(request, website)),
        title: 'Widerruf eingegangen',
        done: {
          receivedText: declared.receivedText,
          email: declared.withdrawal.email,
          declarationLines: declared.withdrawal.declaration.split('\n'),
          notWithdrawn: [
            ...declared.decision.excluded.map(
              ({ item }) =>
                `${item.quantity} × ${item.productName}: ${declared.items.find((i) => i.id === item.id)?.excludedText ?? ''}`,
            ),
            ...declared.decision.late.map(
              (item) =>
                `${item.quantity} × ${item.productName}: Die Widerrufsfrist für diesen Artikel ist abgelaufen.`,
            ),
          ],
        },
      };
      return sendPage(deps, request, reply, 'withdrawal', context, 200, { scripts: false });
    }),
  );
}
