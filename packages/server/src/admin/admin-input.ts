import {
  isUserRole,
  isValidEmail,
  SUPPORTED_CURRENCIES,
  siteStyleMessages,
  TEMPLATE_IDS,
  UserRole,
} from '@baukasten/commerce';
import { z } from 'zod';
import { HttpError } from '../http-error.js';
import { firstProblem, parseOr400 } from '../parse-input.js';
import { adminMessages as m } from './admin-messages.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwords.js';

/*
 * Every body and parameter of the admin API is parsed here with zod. A failure is a 400 whose message
 * is the first problem in German and whose `fields` maps each bad field (dotted path) to its message,
 * so the editor can show it next to the field.
 */

export class AdminInputError extends HttpError {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(400, 'INVALID_INPUT', message);
  }
}

/** Message for an issue the schema did not word itself (wrong type deep in settings, unknown key...). */
function fallbackMessage(issue: z.core.$ZodRawIssue): string {
  if (issue.code === 'unrecognized_keys') return m.settingUnknown(String(issue.keys[0] ?? ''));
  const key = (issue.path ?? []).map(String).at(-1);
  return key ? m.settingInvalid(key) : m.invalidInput;
}

/** Each bad field (dotted path) with the first message about it. */
function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    fields[path] ??= issue.message;
  }
  return fields;
}

export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const refuse = (error: z.ZodError) =>
    new AdminInputError(firstProblem(error, m.invalidInput), fieldsOf(error));
  return parseOr400(schema, value, refuse, { error: fallbackMessage });
}

// Fields

export const emailField = z
  .string({ error: m.emailInvalid })
  .trim()
  .toLowerCase()
  .refine((email) => isValidEmail(email), m.emailInvalid);

export const newPasswordField = z
  .string({ error: m.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, m.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, m.passwordTooLong);

const nameField = z.string({ error: m.nameMissing }).trim().min(1, m.nameMissing).max(100, m.nameTooLong);

const titleField = z.string({ error: m.titleMissing }).trim().min(1, m.titleMissing).max(200, m.titleTooLong);

/** Names a website cannot take because Baukasten itself answers there (or may one day). */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  'admin',
  'api',
  'app',
  'assets',
  'baukasten',
  'billing',
  'cdn',
  'config',
  'dashboard',
  'docs',
  'help',
  'login',
  'mail',
  'smtp',
  'static',
  'status',
  'support',
  'www',
]);

const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const subdomainField = z
  .string({ error: m.subdomainInvalid })
  .trim()
  .toLowerCase()
  .regex(SUBDOMAIN, m.subdomainInvalid)
  .superRefine((subdomain, ctx) => {
    if (RESERVED_SUBDOMAINS.has(subdomain))
      ctx.addIssue({ code: 'custom', message: m.subdomainReserved(subdomain) });
  });

const currencyField = z
  .string({ error: m.currencyUnsupported })
  .trim()
  .toUpperCase()
  .refine((code) => (SUPPORTED_CURRENCIES as readonly string[]).includes(code), m.currencyUnsupported);

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The languages and regions a site can format its dates and money for (spec: the website's locale). */
export const SITE_LOCALES = [
  'de-DE',
  'de-AT',
  'de-CH',
  'en-US',
  'en-GB',
  'fr-FR',
  'fr-CH',
  'it-IT',
  'es-ES',
  'nl-NL',
] as const;

const localeField = z
  .string({ error: m.localeUnknown })
  .trim()
  .refine((locale) => (SITE_LOCALES as readonly string[]).includes(locale), m.localeUnknown);

const timeZoneField = z
  .string({ error: m.timeZoneUnknown })
  .trim()
  .max(64, m.timeZoneUnknown)
  .refine(isTimeZone, m.timeZoneUnknown);

/** Roles a person can be given; "none" (14) is what having no membership means, so it is not offered. */
export const rolesField = z
  .array(
    z
      .number({ error: m.roleUnknown })
      .refine((role) => isUserRole(role) && role !== UserRole.NONE, m.roleUnknown),
    { error: m.rolesMissing },
  )
  .min(1, m.rolesMissing)
  .max(20, m.roleUnknown)
  .transform((roles) => [...new Set(roles)].sort((a, b) => a - b));

const idField = z.string().min(1).max(64);

// Bodies and parameters

export const signUpInput = z.object({ email: emailField, password: newPasswordField, name: nameField });

export const signInInput = z.object({
  email: z
    .string({ error: m.emailInvalid })
    .trim()
    .toLowerCase()
    .min(1, m.emailInvalid)
    .max(256, m.emailInvalid),
  password: z.string({ error: m.passwordMissing }).min(1, m.passwordMissing),
});

export const passwordChangeInput = z.object({
  currentPassword: z.string({ error: m.passwordMissing }).min(1, m.passwordMissing),
  newPassword: newPasswordField,
});

export const newSiteInput = z.object({
  title: titleField,
  subdomain: subdomainField,
  // The spec's defaults (section 9): USD and America/New_York.
  currency: currencyField.default('USD'),
  timeZone: timeZoneField.default('America/New_York'),
  starter: z.enum(['empty', 'demo'], { error: m.starterUnknown }).default('empty'),
  // Issue #22: the look the site starts with; without one it keeps the theme's plain look.
  template: z.enum(TEMPLATE_IDS, { error: siteStyleMessages.templateUnknown }).optional(),
});

const flag = z.boolean().optional();

const instalmentLimit = z
  .number({ error: 'Der Betrag muss eine Zahl sein.' })
  .int('Der Betrag muss eine Zahl sein.')
  .min(0, 'Der Betrag darf nicht negativ sein.')
  .max(1_000_000_000_000, 'Der Betrag ist zu groß.');

/**
 * The instalment teaser of product pages (spec 1, 4 and 5): whether the provider is available, the
 * price range it takes (minor units, above the minimum and up to the maximum) and the payment account's
 * country, which picks Afterpay, Clearpay (GB) or Klarna. Sent whole; it replaces the stored one.
 */
export const instalmentSettingsInput = z
  .strictObject({
    afterPayAvailable: z.boolean({ error: 'Gib an, ob Ratenzahlung angeboten wird.' }),
    afterPayMin: instalmentLimit,
    afterPayMax: instalmentLimit,
    stripeAccountCountry: z
      .string({ error: 'Das Land des Zahlungskontos fehlt.' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Das Land des Zahlungskontos ist ein Ländercode aus zwei Buchstaben, z. B. „US“.'),
  })
  .refine((s) => s.afterPayMax > s.afterPayMin, {
    path: ['afterPayMax'],
    message: 'Der Höchstbetrag muss größer als der Mindestbetrag sein.',
  });

/** The website settings an owner may change here; unknown keys are refused by name. */
export const siteSettingsInput = z.strictObject({
  storeSettings: z
    .strictObject({
      expressCheckout: flag,
      multipleQuantityAllowedForServices: flag,
      /** null removes the minimum. */
      minimumOrderMinor: z.number().int().min(0).max(1_000_000_000_000).nullable().optional(),
    })
    .optional(),
  cookieSettings: z
    .strictObject({ isRestrictiveCookiePolicyEnabled: flag, isCookieBannerEnabled: flag })
    .optional(),
  commentsEnabled: flag,
  simpleLikingEnabled: flag,
  disqusShortname: z.string().trim().max(100).optional(),
  shareButtonOptions: z.record(z.string().regex(/^[a-z]{1,30}$/), z.boolean()).optional(),
  /** The site's social accounts (spec 3), shown by the social-links block; profiles are https or mailto. */
  socialAccounts: z
    .array(
      z.strictObject({
        serviceName: z
          .string()
          .trim()
          .toLowerCase()
          .regex(/^[a-z0-9-]{1,30}$/, 'Der Dienst eines Profils ist ungültig, z. B. „instagram“.'),
        userName: z.string().trim().max(100, 'Der Benutzername ist zu lang.').default(''),
        profileUrl: z
          .string()
          .trim()
          .max(2083, 'Die Profiladresse ist zu lang.')
          .regex(
            /^(https:\/\/\S+|mailto:[^\s@]+@[^\s@]+)$/i,
            'Die Profiladresse muss mit https:// oder mailto: beginnen.',
          ),
      }),
    )
    .max(20, 'Höchstens 20 Profile in sozialen Netzwerken.')
    .optional(),
  captchaSettings: z.strictObject({ siteKey: z.string().trim().max(500).optional() }).optional(),
  /** The enterprise captcha's site key (spec 3 website context); '' removes it. */
  recaptchaEnterpriseContext: z
    .strictObject({ recaptchaEnterpriseSiteKey: z.string().trim().max(500).optional() })
    .optional(),
  instalments: instalmentSettingsInput.optional(),
  cloneable: flag,
  /**
   * The site's Testmodus: the test-card provider is offered even on a production server, every order is a
   * test order and every storefront page shows the Testmodus banner (security review #18, finding 2).
   */
  testMode: flag,
  /** The owner's ad pixels (spec 7 ad-pixel events); an empty text switches one off. */
  adPixels: z
    .strictObject({
      metaPixelId: z
        .string()
        .trim()
        .regex(/^(\d{5,20})?$/, m.metaPixelIdInvalid)
        .optional(),
      googleTagId: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^((G|AW|GT|DC)-[A-Z0-9]{4,20})?$/, m.googleTagIdInvalid)
        .optional(),
    })
    .optional(),
});

/** The settings keys siteSettingsInput knows; the site view shows exactly these. */
export const EDITABLE_SETTINGS = siteSettingsInput.keyof().options;

export const siteChangesInput = z
  .strictObject({
    title: titleField.optional(),
    timeZone: timeZoneField.optional(),
    locale: localeField.optional(),
    settings: siteSettingsInput.optional(),
  })
  .refine(
    (c) =>
      c.title !== undefined || c.timeZone !== undefined || c.locale !== undefined || c.settings !== undefined,
    m.nothingToChange,
  );

export const invitationInput = z.object({ email: emailField, roles: rolesField });
export const rolesInput = z.object({ roles: rolesField });

export const siteParams = z.object({ siteId: idField });
export const memberParams = z.object({ siteId: idField, accountId: idField });
export const invitationParams = z.object({ siteId: idField, invitationId: idField });
export const tokenParams = z.object({ token: z.string().min(1).max(100) });
