import { FORM_MESSAGES, SESSION_MESSAGES } from '@baukasten/commerce';
import type { Website } from '@baukasten/storage';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http-error.js';
import { InMemoryRateLimiter, type RateLimiter } from '../rate-limit.js';
import {
  type CaptchaAction,
  type CaptchaProvider,
  CaptchaUnavailableError,
  ProofOfWorkCaptcha,
} from './captcha.js';

/** Shared by the visitor forms (site forms, restock sign-up, newsletter): captcha and rate limit. */
export interface VisitorFormOptions {
  /** Default: the built-in proof-of-work captcha. */
  captcha?: CaptchaProvider;
  /** Default: 20 submissions per minute and client address per website. */
  rateLimiter?: RateLimiter;
}

export interface VisitorFormGuard {
  captcha: CaptchaProvider;
  /** 429 with the given German text when this client sent too much. */
  limit(request: FastifyRequest, message?: string): Promise<void>;
  /** 400 unless the token passes the captcha; a provider that cannot work answers with its own text. */
  requireCaptcha(website: Website, action: CaptchaAction, token: unknown): Promise<void>;
}

export function visitorFormGuard(options: VisitorFormOptions = {}): VisitorFormGuard {
  const captcha = options.captcha ?? new ProofOfWorkCaptcha();
  const limiter = options.rateLimiter ?? new InMemoryRateLimiter({ limit: 20, windowMs: 60_000 });
  return {
    captcha,
    async limit(request, message = SESSION_MESSAGES.tooManyRequests) {
      if (!(await limiter.hit(`forms:${request.website?.id}:${request.ip}`)))
        throw new HttpError(429, 'RATE_LIMITED', message);
    },
    async requireCaptcha(website, action, token) {
      let ok: boolean;
      try {
        ok = await captcha.verify(website, action, token);
      } catch (error) {
        if (error instanceof CaptchaUnavailableError)
          throw new HttpError(400, 'CAPTCHA_UNAVAILABLE', error.message);
        throw error;
      }
      if (!ok) throw new HttpError(400, 'CAPTCHA_FAILED', FORM_MESSAGES.captchaIncomplete);
    },
  };
}
