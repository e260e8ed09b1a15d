import { restockEmailProblem } from '@baukasten/commerce';
import type { Storage, Website } from '@baukasten/storage';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireCrumb } from '../crumb.js';
import type { VisitorFormGuard } from '../forms/visitor-form-guard.js';
import { HttpError } from '../http-error.js';
import { serverMessages } from '../messages.js';
import { siteOrigin } from '../pages/seo-routes.js';
import { websiteOf } from '../site-request.js';
import {
  type NewsletterPage,
  newsletterPage,
  newsletterPageHtml,
  newsletterTexts,
} from './newsletter-page.js';
import {
  NEWSLETTER_CONFIRM_PATH,
  NEWSLETTER_UNSUBSCRIBE_PATH,
  NewsletterService,
} from './newsletter-service.js';

export const NEWSLETTER_SUBSCRIBE_PATH = '/api/newsletter/subscribe';

const subscribeBody = z.object({
  email: z.unknown().optional(),
  captchaToken: z.string().max(5000).optional(),
  /** The mailing list of the block (R5.12.11); blocks from before lists existed send none. */
  listId: z.string().max(64).optional(),
});
const tokenInput = z.object({ token: z.string().min(1).max(200) });
const pageQuery = z.object({ format: z.string().optional() });

function sendNewsletterPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: NewsletterPage,
  status = 200,
) {
  const format = pageQuery.safeParse(request.query).data?.format;
  if (format !== undefined && format !== 'json')
    throw new HttpError(400, 'UNKNOWN_FORMAT', serverMessages.unknownFormat);
  if (format === 'json') return reply.code(status).send(page);
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(newsletterPageHtml(page, NEWSLETTER_UNSUBSCRIBE_PATH));
}

/** Newsletter sign-up (double opt-in), the confirmation link and the unsubscribe page (page type 300). */
export function registerNewsletterRoutes(site: FastifyInstance, storage: Storage, guard: VisitorFormGuard) {
  const newsletter = new NewsletterService(storage);
  const tokenOf = (value: unknown) => tokenInput.safeParse(value ?? {}).data?.token;
  const invalidLink = (website: Website) =>
    newsletterPage({
      siteTitle: website.title,
      title: newsletterTexts.invalidLinkTitle,
      message: newsletterTexts.invalidLink,
    });

  site.post(NEWSLETTER_SUBSCRIBE_PATH, { preHandler: requireCrumb }, async (request) => {
    const website = websiteOf(request);
    await guard.limit(request);
    const body = subscribeBody.safeParse(request.body ?? {});
    if (!body.success) throw new HttpError(400, 'BAD_REQUEST', serverMessages.badRequest);
    const problem = restockEmailProblem(body.data.email);
    if (problem) throw new HttpError(400, 'INVALID_EMAIL', problem);
    if (website.settings.captchaSettings?.siteKey)
      await guard.requireCaptcha(website, 'NEWSLETTER_BLOCK_SUBMISSION', body.data.captchaToken);
    const { mailed } = await newsletter.subscribe(
      website,
      String(body.data.email).trim(),
      siteOrigin(request),
      body.data.listId,
    );
    return {
      success: true,
      message: mailed ? newsletterTexts.subscribed : newsletterTexts.alreadySubscribed,
    };
  });

  site.get(NEWSLETTER_CONFIRM_PATH, async (request, reply) => {
    const website = websiteOf(request);
    const token = tokenOf(request.query);
    const subscriber = token ? await newsletter.confirm(website, token) : undefined;
    if (subscriber?.status !== 'confirmed')
      return sendNewsletterPage(request, reply, invalidLink(website), 404);
    return sendNewsletterPage(
      request,
      reply,
      newsletterPage({
        siteTitle: website.title,
        title: newsletterTexts.confirmedTitle,
        message: newsletterTexts.confirmed,
      }),
    );
  });

  // A GET only asks: mail scanners that open every link must not unsubscribe anyone.
  site.get(NEWSLETTER_UNSUBSCRIBE_PATH, async (request, reply) => {
    const website = websiteOf(request);
    const token = tokenOf(request.query);
    if (!token) return sendNewsletterPage(request, reply, invalidLink(website), 404);
    return sendNewsletterPage(
      request,
      reply,
      newsletterPage({
        siteTitle: website.title,
        title: newsletterTexts.unsubscribeTitle,
        message: newsletterTexts.unsubscribeQuestion,
        unsubscribeToken: token,
      }),
    );
  });

  site.post(NEWSLETTER_UNSUBSCRIBE_PATH, async (request, reply) => {
    const website = websiteOf(request);
    const token = tokenOf(request.body);
    const subscriber = token ? await newsletter.unsubscribe(website, token) : undefined;
    if (!subscriber) return sendNewsletterPage(request, reply, invalidLink(website), 404);
    return sendNewsletterPage(
      request,
      reply,
      newsletterPage({
        siteTitle: website.title,
        title: newsletterTexts.unsubscribedTitle,
        message: newsletterTexts.unsubscribed,
      }),
    );
  });
}
