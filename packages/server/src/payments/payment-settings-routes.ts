import {
  type BankAccountDetails,
  bankAccountProblems,
  formatIban,
  normaliseBic,
  normaliseIban,
} from '@baukasten/commerce';
import type {
  PaymentProviderMode,
  PaymentProviderName,
  PaymentProviderSettings,
  Storage,
  Website,
} from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AdminInputError, parseInput } from '../admin/admin-input.js';
import { refuseNulCharacters } from '../admin/catalog/text-guard.js';
import { accessedSite, requireSitePermission } from '../admin/permissions.js';
import { siteInTestMode } from '../commerce/test-mode.js';
import { HttpError } from '../http-error.js';
import { websiteById } from '../site-request.js';
import { siteBaseUrl } from '../site-url.js';
import { PaymentGatewayError } from './payment-gateway.js';
import { paymentOptionsOf } from './payment-options.js';
import { type PaymentSetup, PROVIDER_FIELDS, REQUIRED_FIELDS, stripeModeOf } from './payment-setup.js';
import { mask } from './secrets.js';

/*
 * The editor's "Zahlungen" screen (commerce.settings): connect Stripe and PayPal, the bank details of
 * Vorkasse and the times the shop waits for money. Keys are checked against the provider before they are
 * stored (a wrong key is refused with the provider's answer in German), sealed with SECRETS_KEY, and only
 * ever shown again masked (`sk_test_…4242`). The provider is asked outside any database transaction.
 */

export const PAYMENT_SETTINGS_MESSAGES = {
  unknownProvider: 'Diesen Zahlungsanbieter gibt es nicht. Möglich sind Stripe und PayPal.',
  keyMissing: 'Bitte gib diesen Schlüssel ein.',
  keyTooLong: 'Dieser Schlüssel ist zu lang.',
  stripeKeyFormat:
    'Ein geheimer Stripe-Schlüssel beginnt mit „sk_test_“, „sk_live_“, „rk_test_“ oder „rk_live_“.',
  stripeWebhookFormat: 'Ein Stripe-Webhook-Signaturschlüssel beginnt mit „whsec_“.',
  noSecretsKey:
    'Der Server hat keinen SECRETS_KEY, deshalb können keine Zahlungsschlüssel gespeichert werden. Bitte den Betreiber, SECRETS_KEY zu setzen.',
  notChecked:
    'Die Schlüssel sind gespeichert, konnten aber gerade nicht geprüft werden, weil der Anbieter nicht erreichbar war.',
  connected: 'verbunden',
  daysRange: 'Bitte gib eine Frist zwischen 1 und 60 Tagen an.',
  minutesRange: 'Bitte gib eine Reservierungszeit zwischen 5 und 1440 Minuten an.',
  attemptsRange: 'Bitte gib zwischen 1 und 10 Versuchen an.',
  modeInvalid: 'Bitte wähle „Testmodus“ oder „Live“.',
} as const;
const msg = PAYMENT_SETTINGS_MESSAGES;

const providerParams = z.object({
  siteId: z.string(),
  provider: z.enum(['stripe', 'paypal'], { error: msg.unknownProvider }),
});

const keyField = z.string({ error: msg.keyMissing }).trim().max(500, msg.keyTooLong).optional();
const keysInput = z
  .object({
    mode: z.enum(['test', 'live'], { error: msg.modeInvalid }).optional(),
    secretKey: keyField,
    webhookSecret: keyField,
    clientId: keyField,
    clientSecret: keyField,
    webhookId: keyField,
  })
  .strict();

const optionalText = (max: number) => z.string().trim().max(max).optional();
const optionsInput = z
  .object({
    bankTransfer: z
      .object({
        accountHolder: z.string({ error: 'Bitte gib den Kontoinhaber an.' }).trim().max(200),
        iban: z.string({ error: 'Bitte gib eine IBAN ein.' }).max(60),
        bic: optionalText(20),
        bankName: optionalText(100),
      })
      .strict()
      .nullable()
      .optional(),
    bankTransferDays: z
      .number({ error: msg.daysRange })
      .int(msg.daysRange)
      .min(1, msg.daysRange)
      .max(60, msg.daysRange)
      .optional(),
    reservationMinutes: z
      .number({ error: msg.minutesRange })
      .int(msg.minutesRange)
      .min(5, msg.minutesRange)
      .max(1440, msg.minutesRange)
      .optional(),
    renewalAttempts: z
      .number({ error: msg.attemptsRange })
      .int(msg.attemptsRange)
      .min(1, msg.attemptsRange)
      .max(10, msg.attemptsRange)
      .optional(),
  })
  .strict();

/** The path the provider posts its webhooks to; the owner enters it in the provider's dashboard. */
export const webhookPath = (provider: PaymentProviderName, websiteId: string) =>
  `/api/payments/${provider}/webhook/${encodeURIComponent(websiteId)}`;

function providerView(
  provider: PaymentProviderName,
  settings: PaymentProviderSettings | undefined,
  webhookUrl: string,
) {
  return {
    provider,
    connected: settings !== undefined && settings.status === 'connected',
    configured: settings !== undefined,
    mode: settings?.mode ?? null,
    status: settings?.status ?? null,
    statusText: settings
      ? settings.status === 'connected'
        ? msg.connected
        : (settings.statusMessage ?? msg.notChecked)
      : null,
    keyHints: settings?.keyHints ?? {},
    checkedAt: settings?.checkedAt ?? null,
    webhookUrl,
    fields: PROVIDER_FIELDS[provider],
  };
}

/** The stored bank details, cleaned up: IBAN in groups of four, BIC in capitals. */
function bankView(website: Website) {
  const raw = website.settings.bankTransfer as Partial<BankAccountDetails> | undefined;
  if (!raw || typeof raw !== 'object' || !raw.iban) return null;
  return {
    accountHolder: raw.accountHolder ?? '',
    iban: formatIban(raw.iban),
    bic: raw.bic ?? '',
    bankName: raw.bankName ?? '',
  };
}

export function registerPaymentSettingsRoutes(
  parent: FastifyInstance,
  storage: Storage,
  setup: PaymentSetup,
) {
  parent.register(async (admin) => {
    refuseNulCharacters(admin);
    const settingsGuard = { preHandler: requireSitePermission('commerce.settings') };

    const view = async (website: Website, origin: string) => {
      const stored = await storage.payments.listProviderSettings(website.id);
      const byName = new Map(stored.map((s) => [s.provider, s]));
      return {
        providers: (['stripe', 'paypal'] as const).map((p) =>
          providerView(p, byName.get(p), `${origin}${webhookPath(p, website.id)}`),
        ),
        bankTransfer: bankView(website),
        ...paymentOptionsOf(website),
        siteTestMode: siteInTestMode(website),
        canStoreKeys: setup.canStoreKeys,
      };
    };
    const originOf = (website: Website, request: { server: FastifyInstance }) =>
      siteBaseUrl(website, request.server.publicUrl);

    admin.get('/sites/:siteId/payments', settingsGuard, async (request) => {
      const website = await websiteById(storage, accessedSite(request).websiteId);
      return view(website, originOf(website, request));
    });

    admin.post('/sites/:siteId/payments/:provider', settingsGuard, async (request) => {
      const { websiteId } = accessedSite(request);
      const { provider } = parseInput(providerParams, request.params);
      const input = parseInput(keysInput, request.body);
      const website = await websiteById(storage, websiteId);
      if (!setup.canStoreKeys) throw new HttpError(409, 'NO_SECRETS_KEY', msg.noSecretsKey);

      // An empty field keeps the key stored before: the owner never sees it again to re-enter it.
      const existing = await storage.payments.findProviderSettings(websiteId, provider);
      let stored: Record<string, string> = {};
      if (existing) {
        try {
          stored = setup.open(existing);
        } catch {
          stored = {};
        }
      }
      const keys: Record<string, string> = {};
      for (const field of PROVIDER_FIELDS[provider]) {
        const given = input[field as keyof typeof input];
        const value = typeof given === 'string' && given !== '' ? given : stored[field];
        if (value) keys[field] = value;
      }
      const fields: Record<string, string> = {};
      for (const field of REQUIRED_FIELDS[provider]) if (!keys[field]) fields[field] = msg.keyMissing;
      if (provider === 'stripe') {
        if (keys.secretKey && !/^(sk|rk)_(test|live)_/.test(keys.secretKey))
          fields.secretKey = msg.stripeKeyFormat;
        if (keys.webhookSecret && !keys.webhookSecret.startsWith('whsec_'))
          fields.webhookSecret = msg.stripeWebhookFormat;
      }
      const first = Object.values(fields)[0];
      if (first) throw new AdminInputError(first, fields);

      const mode: PaymentProviderMode =
        provider === 'stripe' ? stripeModeOf(keys.secretKey ?? '') : (input.mode ?? existing?.mode ?? 'test');
      // Asked before anything is stored and outside any transaction: a wrong key never becomes "verbunden".
      let status: 'connected' | 'unchecked' = 'connected';
      let statusMessage: string | undefined;
      try {
        await setup.build(provider, mode, keys).checkKeys();
      } catch (error) {
        if (!(error instanceof PaymentGatewayError)) throw error;
        if (error.kind === 'unavailable') {
          status = 'unchecked';
          statusMessage = msg.notChecked;
        } else {
          const field = provider === 'stripe' ? 'secretKey' : 'clientSecret';
          throw new AdminInputError(error.message, { [field]: error.message });
        }
      }
      const sealedKeys: Record<string, string> = {};
      const keyHints: Record<string, string> = {};
      for (const [field, value] of Object.entries(keys)) {
        sealedKeys[field] = setup.seal(websiteId, provider, field, value);
        // PayPal's client id and webhook id are not secret, but the same masking keeps the screen uniform.
        keyHints[field] = mask(value);
      }
      await storage.payments.saveProviderSettings(websiteId, provider, {
        mode,
        sealedKeys,
        keyHints,
        status,
        ...(statusMessage ? { statusMessage } : {}),
        checkedAt: Date.now(),
      });
      request.log.info({ websiteId, provider, mode, status }, 'payment provider connected');
      return view(website, originOf(website, request));
    });

    admin.delete('/sites/:siteId/payments/:provider', settingsGuard, async (request) => {
      const { websiteId } = accessedSite(request);
      const { provider } = parseInput(providerParams, request.params);
      const website = await websiteById(storage, websiteId);
      await storage.payments.deleteProviderSettings(websiteId, provider);
      return view(website, originOf(website, request));
    });

    admin.patch('/sites/:siteId/payments', settingsGuard, async (request) => {
      const { websiteId } = accessedSite(request);
      const input = parseInput(optionsInput, request.body);
      await websiteById(storage, websiteId);
      const settings: Record<string, unknown> = {};
      if (input.bankTransfer !== undefined) {
        if (input.bankTransfer === null) {
          settings.bankTransfer = null;
        } else {
          const account = input.bankTransfer;
          const problems = bankAccountProblems(account);
          const fields = Object.fromEntries(
            Object.entries(problems).map(([field, problem]) => [`bankTransfer.${field}`, problem as string]),
          );
          const first = Object.values(fields)[0];
          if (first) throw new AdminInputError(first, fields);
          settings.bankTransfer = {
            accountHolder: account.accountHolder.trim(),
            iban: normaliseIban(account.iban),
            ...(account.bic ? { bic: normaliseBic(account.bic) } : {}),
            ...(account.bankName ? { bankName: account.bankName.trim() } : {}),
          };
        }
      }
      const website = await websiteById(storage, websiteId);
      const options = paymentOptionsOf(website);
      if (
        input.bankTransferDays !== undefined ||
        input.reservationMinutes !== undefined ||
        input.renewalAttempts !== undefined
      ) {
        settings.paymentOptions = {
          bankTransferDays: input.bankTransferDays ?? options.bankTransferDays,
          reservationMinutes: input.reservationMinutes ?? options.reservationMinutes,
          renewalAttempts: input.renewalAttempts ?? options.renewalAttempts,
        };
      }
      const updated = await storage.websiteAdmin.update(websiteId, {
        settings: settings as Website['settings'],
      });
      if (!updated) throw new HttpError(404, 'SITE_NOT_FOUND', 'Diese Website gibt es nicht.');
      return view(updated, originOf(updated, request));
    });
  });
}
