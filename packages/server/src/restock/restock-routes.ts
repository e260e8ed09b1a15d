import { RESTOCK_MESSAGES, restockEmailProblem } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireCrumb } from '../crumb.js';
import type { VisitorFormGuard } from '../forms/visitor-form-guard.js';
import { HttpError } from '../http-error.js';
import { requireOwner } from '../owner-auth.js';
import { siteOrigin } from '../pages/seo-routes.js';
import { badRequest, parseOr400 } from '../parse-input.js';
import { websiteOf } from '../site-request.js';
import { restockMessages as m } from './restock-messages.js';
import { RestockService } from './restock-service.js';

/** The visitor's sign-up path: spec 7 leaves it open (see the README of this folder). */
export const RESTOCK_SIGNUP_PATH = '/api/commerce/restock-notifications';
const MERCHANT_PATH = '/api/site-users/account/notifications/restock';

const id = z.string().min(1).max(64);
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === 'on');

const signupBody = z.object({
  isJoinMailingList: flag,
  productId: id,
  variantId: id,
  siteVisitorEmail: z.unknown().optional(),
  // A client without a captcha token or a translation service sends null for it (spec 7 restock signup).
  recaptchaEnterpriseV3Token: z.string().max(5000).nullish(),
  language: z.string().max(20).nullish(),
});
const groupsQuery = z.object({ cursor: z.string().max(500).optional() });
const signupsQuery = z.object({ productId: id, variantId: id, cursor: z.string().max(500).optional() });
const sendBody = z.object({ productId: id, variantId: id });
const sendAllBody = z.object({ sendRequests: z.array(sendBody).min(1).max(500) });

const merchantBadRequest = () => badRequest(m.productAndVariantMissing);

/**
 * Restock sign-up for visitors, and for the merchant the lists of waiting visitors and the send calls of
 * spec 7. Merchant calls go through requireOwner.
 */
export function registerRestockRoutes(
  site: FastifyInstance,
  storage: Storage,
  guard: VisitorFormGuard,
  /** A signed-in customer's sign-up (no captcha); answers undefined without a customer session. */
  customerSignUp?: (request: FastifyRequest, reply: FastifyReply) => Promise<object | undefined>,
) {
  const restock = new RestockService(storage);

  const signUp = async (request: FastifyRequest) => {
    const website = websiteOf(request);
    await guard.limit(request);
    const body = parseOr400(signupBody, request.body, () => badRequest(RESTOCK_MESSAGES.submitFailed));
    const problem = restockEmailProblem(body.siteVisitorEmail);
    if (problem) throw new HttpError(400, 'INVALID_EMAIL', problem);
    const found = await restock.findVariant(website, body.productId, body.variantId);
    if (!found) throw new HttpError(404, 'PRODUCT_NOT_FOUND', RESTOCK_MESSAGES.submitFailed);
    // The form shows a captcha only when the site has a key (spec 5); then the token must pass.
    if (website.settings.captchaSettings?.siteKey)
      await guard.requireCaptcha(website, 'PRODUCT_WAITLIST_SUBMISSION', body.recaptchaEnterpriseV3Token);
    await restock.signUp(
      website,
      {
        productId: body.productId,
        variantId: body.variantId,
        email: String(body.siteVisitorEmail).trim(),
        isJoinMailingList: body.isJoinMailingList,
        language: body.language ?? null,
      },
      siteOrigin(request),
    );
    const custom = found.item.product?.merchandising.restockNotificationMessages?.successMessage;
    return { success: true, message: custom?.trim() ? custom : RESTOCK_MESSAGES.success };
  };
  site.post(RESTOCK_SIGNUP_PATH, { preHandler: requireCrumb }, signUp);
  // Spec 7 also lists this path with "the given data plus the current language": a signed-in customer's
  // sign-up (customer-accounts/), else the same sign-up as a visitor's.
  site.post(
    MERCHANT_PATH,
    { preHandler: requireCrumb },
    async (request, reply) => (await customerSignUp?.(request, reply)) ?? signUp(request),
  );

  site.get(`${MERCHANT_PATH}/groups`, { preHandler: requireOwner }, async (request) => {
    const query = parseOr400(groupsQuery, request.query, merchantBadRequest);
    const page = await storage.restockSignups.listGroups(websiteOf(request).id, { cursor: query.cursor });
    return { signUpGroups: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
  });

  site.get(MERCHANT_PATH, { preHandler: requireOwner }, async (request) => {
    const query = parseOr400(signupsQuery, request.query, merchantBadRequest);
    const page = await storage.restockSignups.listSignups(
      websiteOf(request).id,
      query.productId,
      query.variantId,
      {
        cursor: query.cursor,
      },
    );
    return {
      signUps: page.items.map((s) => ({
        id: s.id,
        productId: s.productId,
        variantId: s.variantId,
        siteVisitorEmail: s.email,
        isJoinMailingList: s.isJoinMailingList,
        createdOn: s.createdAt,
      })),
      hasNextPage: page.hasNextPage,
      nextPageCursor: page.nextPageCursor,
    };
  });

  site.post(`${MERCHANT_PATH}/send`, { preHandler: requireOwner }, async (request) => {
    const body = parseOr400(sendBody, request.body, merchantBadRequest);
    const sentCount = await restock.send(websiteOf(request), [body], siteOrigin(request));
    return { sentCount };
  });

  site.post(`${MERCHANT_PATH}/send/all`, { preHandler: requireOwner }, async (request) => {
    const body = parseOr400(sendAllBody, request.body, () => badRequest(m.sendRequestsMissing));
    const sentCount = await restock.send(websiteOf(request), body.sendRequests, siteOrigin(request));
    return { sentCount };
  });
}
