import {
  isValidEmail,
  normaliseCountryCode,
  ProductType,
  type ShippingAddress,
  shippingAddressProblems,
} from '@baukasten/commerce';
import {
  type CustomerAccount,
  CustomerEmailTaken,
  normaliseEmail,
  type Storage,
  type Website,
} from '@baukasten/storage';
import {
  hashPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  verifyAgainstNothing,
  verifyPassword,
} from '../admin/passwords.js';
import { CartService } from '../commerce/cart-service.js';
import { HttpError } from '../http-error.js';
import { subscriptionView } from '../subscriptions/subscription-service.js';
import { emailTakenEmail, passwordResetEmail, verificationEmail } from './account-emails.js';
import { type CustomerErrorType, customerErrors } from './customer-messages.js';

/*
 * What a customer can do with their account. Every method takes the website first and, once signed in,
 * the customer; ids from the outside are always looked up together with the customer, so another
 * customer's order, address or subscription is simply "not found".
 */

const HOUR_MS = 3_600_000;
export const VERIFY_LINK_TTL_MS = 48 * HOUR_MS;
export const RESET_LINK_TTL_MS = HOUR_MS;
export const ACCOUNT_PATHS = {
  verify: '/account/bestaetigen',
  reset: '/account/passwort-neu',
  signIn: '/account/anmelden',
  forgot: '/account/passwort-vergessen',
} as const;

/** What opening a verification link did: made the account of a sign-up, or confirmed an older one. */
export interface Verified {
  customer: CustomerAccount;
  /** True when the link made the account (a sign-up); false for an account made before links did. */
  created: boolean;
}

/** An HttpError of the customer accounts, with its German text from the catalogue. */
export class CustomerError extends HttpError {
  constructor(
    statusCode: number,
    readonly errorType: CustomerErrorType,
  ) {
    super(statusCode, errorType, customerErrors[errorType]);
  }
}

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

function checkPassword(password: string) {
  if (password.length < PASSWORD_MIN_LENGTH) throw new CustomerError(400, 'PASSWORD_TOO_SHORT');
  if (password.length > PASSWORD_MAX_LENGTH) throw new CustomerError(400, 'PASSWORD_TOO_LONG');
}

const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'line1',
  'line2',
  'city',
  'postalCode',
  'region',
  'country',
] as const;

/** The address as saved: known fields only, trimmed, the country as its code. */
export function cleanAddress(raw: Partial<Record<string, unknown>>): ShippingAddress {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 300) : '');
  const address: Record<string, string> = {};
  for (const field of ADDRESS_FIELDS) {
    const value = text(raw[field]);
    if (value !== '') address[field] = field === 'country' ? normaliseCountryCode(value) : value;
  }
  return address as unknown as ShippingAddress;
}

export class CustomerAccountService {
  readonly #carts: CartService;

  constructor(private readonly storage: Storage) {
    this.#carts = new CartService(storage);
  }

  /**
   * Sign-up (security review #18): a new and a taken address are answered alike, after the same work
   * (the password is hashed either way), and nothing is signed in. A new address gets the link that makes
   * the account (verify); the holder of a taken one a note that someone tried, with the ways back in.
   * Each link carries the password it was asked with, so a stranger's sign-up cannot set the password
   * of the account the address's owner activates.
   */
  async signUp(website: Website, input: SignUpInput, origin: string): Promise<void> {
    const name = input.name.trim();
    if (name === '') throw new CustomerError(400, 'NAME_REQUIRED');
    if (!isValidEmail(input.email)) throw new CustomerError(400, 'INVALID_EMAIL');
    checkPassword(input.password);
    const passwordHash = await hashPassword(input.password);
    await this.storage.transaction(async (tx) => {
      const holder = await tx.customers.findByEmail(website.id, input.email);
      if (holder) {
        await tx.outbox.enqueue(
          website.id,
          emailTakenEmail({
            to: holder.email,
            name: holder.name,
            siteTitle: website.title,
            signInUrl: `${origin}${ACCOUNT_PATHS.signIn}`,
            resetUrl: `${origin}${ACCOUNT_PATHS.forgot}`,
          }),
        );
        return;
      }
      const token = await tx.signUps.startCustomer(
        website.id,
        { email: input.email, name, passwordHash },
        { ttlMs: VERIFY_LINK_TTL_MS },
      );
      await tx.outbox.enqueue(
        website.id,
        verificationEmail({
          to: normaliseEmail(input.email),
          name,
          siteTitle: website.title,
          url: `${origin}${ACCOUNT_PATHS.verify}?token=${encodeURIComponent(token)}`,
        }),
      );
    });
  }

  private async queueVerification(tx: Storage, website: Website, customer: CustomerAccount, origin: string) {
    const token = await tx.customers.issueToken(website.id, customer.id, 'verify', {
      ttlMs: VERIFY_LINK_TTL_MS,
    });
    await tx.outbox.enqueue(
      website.id,
      verificationEmail({
        to: customer.email,
        name: customer.name,
        siteTitle: website.title,
        url: `${origin}${ACCOUNT_PATHS.verify}?token=${encodeURIComponent(token)}`,
      }),
    );
  }

  async resendVerification(website: Website, customer: CustomerAccount, origin: string) {
    if (customer.emailVerifiedAt !== undefined) return;
    await this.storage.transaction((tx) => this.queueVerification(tx, website, customer, origin));
  }

  /** The customer when email and password match; the same error (and time) for an unknown email. */
  async checkCredentials(website: Website, email: string, password: string): Promise<CustomerAccount> {
    const wrong = () => new CustomerError(401, 'WRONG_CREDENTIALS');
    if (password.length > PASSWORD_MAX_LENGTH) throw wrong();
    const customer = await this.storage.customers.findByEmail(website.id, email);
    const hash = customer ? await this.storage.customers.passwordHashOf(website.id, customer.id) : undefined;
    const valid = hash ? await verifyPassword(hash, password) : await verifyAgainstNothing(password);
    if (!customer || !valid) throw wrong();
    return customer;
  }

  /**
   * Spends a verification link: a sign-up's link makes its account, already confirmed; the link of an
   * account made before sign-ups waited for their mail confirms it. Either way the guest orders placed
   * with the address are claimed.
   */
  async verify(website: Website, token: string): Promise<Verified> {
    const made = await this.storage
      .transaction(async (tx) => {
        const pending = await tx.signUps.takeCustomer(website.id, token);
        // A second link of the same address after the first made the account: nothing more to make.
        if (!pending || (await tx.customers.findByEmail(website.id, pending.email))) return undefined;
        const customer = await tx.customers.create(website.id, pending);
        await tx.customers.markVerified(website.id, customer.id);
        return customer;
      })
      .catch((error) => {
        // Two links of one address opened at the same moment: the other one made the account.
        if (error instanceof CustomerEmailTaken) throw new CustomerError(410, 'LINK_INVALID');
        throw error;
      });
    const customerId = made?.id ?? (await this.storage.customers.useToken(website.id, 'verify', token));
    const customer = customerId ? await this.storage.customers.findById(website.id, customerId) : undefined;
    if (!customer) throw new CustomerError(410, 'LINK_INVALID');
    if (!made) await this.storage.customers.markVerified(website.id, customer.id);
    await this.storage.customers.claimOrders(website.id, customer.id, customer.email);
    return { customer: (await this.storage.customers.findById(website.id, customer.id))!, created: !!made };
  }

  /** Queues the reset mail when the address has an account; says nothing about whether it has. */
  async requestPasswordReset(website: Website, email: string, origin: string): Promise<void> {
    const customer = await this.storage.customers.findByEmail(website.id, email);
    if (!customer) return;
    await this.storage.transaction(async (tx) => {
      const token = await tx.customers.issueToken(website.id, customer.id, 'reset', {
        ttlMs: RESET_LINK_TTL_MS,
      });
      await tx.outbox.enqueue(
        website.id,
        passwordResetEmail({
          to: customer.email,
          name: customer.name,
          siteTitle: website.title,
          url: `${origin}${ACCOUNT_PATHS.reset}?token=${encodeURIComponent(token)}`,
        }),
      );
    });
  }

  /**
   * Spends the reset link and sets the new password; every session of the account ends. Opening the
   * link proves the mailbox, so an unverified address counts as verified from now on.
   */
  async resetPassword(website: Website, token: string, password: string): Promise<CustomerAccount> {
    checkPassword(password);
    const passwordHash = await hashPassword(password);
    const customerId = await this.storage.customers.useToken(website.id, 'reset', token);
    const customer = customerId ? await this.storage.customers.findById(website.id, customerId) : undefined;
    if (!customer) throw new CustomerError(410, 'LINK_INVALID');
    await this.storage.customers.setPasswordHash(website.id, customer.id, passwordHash);
    await this.storage.customers.endOtherSessions(website.id, customer.id);
    await this.storage.customers.markVerified(website.id, customer.id);
    return (await this.storage.customers.findById(website.id, customer.id))!;
  }

  /**
   * The guest cart of this browser and the cart kept with the account become one: the guest's lines
   * are added to the kept cart (each checked against stock like any add), or the guest cart is kept
   * when the account had none. Returns the cart the browser uses from now on.
   */
  async mergeCarts(website: Website, customer: CustomerAccount, guestCartId: string | undefined) {
    const open = async (id: string | undefined) => {
      const cart = id ? await this.storage.carts.find(website.id, id) : undefined;
      return cart && !cart.isPurchased ? cart : undefined;
    };
    const [guest, kept] = await Promise.all([open(guestCartId), open(customer.cartId)]);
    if (!kept) {
      if (guest) await this.storage.customers.setCart(website.id, customer.id, guest.id);
      return guest?.id;
    }
    if (guest && guest.id !== kept.id) {
      for (const entry of guest.entries) {
        try {
          await this.#carts.addEntry(website, kept.id, {
            itemId: entry.itemId,
            sku: entry.sku,
            quantity: entry.quantity,
            ...(entry.additionalFields ? { additionalFields: entry.additionalFields } : {}),
            ...(entry.subscriptionOptionId ? { subscriptionOptionId: entry.subscriptionOptionId } : {}),
          });
        } catch (error) {
          // A line that no longer fits (sold out meanwhile) stays behind; the rest is merged.
          if (!(error instanceof HttpError)) throw error;
        }
      }
    }
    return kept.id;
  }

  /** Remembers the browser's open cart with the account before signing out. */
  async keepCart(website: Website, customer: CustomerAccount, cartId: string | undefined) {
    const cart = cartId ? await this.storage.carts.find(website.id, cartId) : undefined;
    if (cart && !cart.isPurchased) await this.storage.customers.setCart(website.id, customer.id, cart.id);
  }

  /** Orders of the customer; placing a new one with the verified email adds it on the next visit. */
  async orders(website: Website, customer: CustomerAccount) {
    if (customer.emailVerifiedAt === undefined) return [];
    await this.storage.customers.claimOrders(website.id, customer.id, customer.email);
    return this.storage.customers.listOrders(website.id, customer.id);
  }

  async downloads(website: Website, customer: CustomerAccount) {
    if (customer.emailVerifiedAt === undefined) return [];
    await this.storage.customers.claimOrders(website.id, customer.id, customer.email);
    return this.storage.customers.listDownloads(website.id, customer.id);
  }

  async subscriptions(website: Website, customer: CustomerAccount) {
    if (customer.emailVerifiedAt === undefined) return [];
    await this.storage.customers.claimOrders(website.id, customer.id, customer.email);
    const ids = await this.storage.customers.subscriptionIdsOf(website.id, customer.id);
    const found = await Promise.all(ids.map((id) => this.storage.subscriptions.findById(website.id, id)));
    return found.filter((s) => s !== undefined).map((s) => subscriptionView(website, s));
  }

  async cancelSubscription(website: Website, customer: CustomerAccount, subscriptionId: string) {
    const outcome = await this.storage.customers.cancelSubscription(website.id, customer.id, subscriptionId);
    if (outcome === 'not-found') throw new CustomerError(404, 'SUBSCRIPTION_NOT_FOUND');
    if (outcome === 'not-active') throw new CustomerError(409, 'SUBSCRIPTION_NOT_ACTIVE');
  }

  addresses(website: Website, customer: CustomerAccount) {
    return this.storage.customers.listAddresses(website.id, customer.id);
  }

  async addAddress(website: Website, customer: CustomerAccount, raw: Partial<Record<string, unknown>>) {
    const address = cleanAddress(raw);
    const problems = shippingAddressProblems(address);
    if (Object.keys(problems).length > 0) throw new CustomerError(400, 'ADDRESS_INVALID');
    return this.storage.customers.addAddress(
      website.id,
      customer.id,
      address as unknown as Record<string, string>,
    );
  }

  async removeAddress(website: Website, customer: CustomerAccount, addressId: string) {
    if (!(await this.storage.customers.removeAddress(website.id, customer.id, addressId)))
      throw new CustomerError(404, 'ADDRESS_NOT_FOUND');
  }

  async makeDefaultAddress(website: Website, customer: CustomerAccount, addressId: string) {
    if (!(await this.storage.customers.makeDefaultAddress(website.id, customer.id, addressId)))
      throw new CustomerError(404, 'ADDRESS_NOT_FOUND');
  }

  /** Restock notices with the product's name and variant in words. */
  async restockNotices(website: Website, customer: CustomerAccount) {
    const notices = await this.storage.customers.listRestockNotices(website.id, customer.email);
    return Promise.all(
      notices.map(async (notice) => {
        const item = await this.storage.items.findById(website.id, notice.productId);
        const variant = item?.product?.variants.find((v) => v.id === notice.variantId);
        return {
          ...notice,
          productName: item?.title ?? 'Artikel nicht mehr im Sortiment',
          variantText: Object.entries(variant?.attributes ?? {})
            .map(([name, value]) => `${name}: ${value}`)
            .join(', '),
        };
      }),
    );
  }

  /** Sold-out variants of the shop a customer can ask to hear about (up to 500 stock rows are looked at). */
  async soldOutVariants(website: Website) {
    const { rows } = await this.storage.items.listStock(website.id, { limit: 500 });
    return rows
      .filter(
        (row) =>
          (row.productType === ProductType.PHYSICAL || row.productType === ProductType.SERVICE) &&
          !row.unlimited &&
          row.qtyInStock <= 0,
      )
      .map((row) => {
        const variantText = Object.entries(row.attributes)
          .map(([name, value]) => `${name}: ${value}`)
          .join(', ');
        return {
          productId: row.itemId,
          variantId: row.variantId,
          label: variantText ? `${row.itemTitle} (${variantText})` : row.itemTitle,
        };
      });
  }

  /** The signed-in customer's restock sign-up: their account's address, no captcha (spec 7). */
  async signUpForRestock(
    website: Website,
    customer: CustomerAccount,
    input: { productId: string; variantId: string; isJoinMailingList?: boolean; language?: string },
  ) {
    const item = await this.storage.items.findById(website.id, input.productId);
    if (!item?.product?.variants.some((v) => v.id === input.variantId))
      throw new CustomerError(404, 'PRODUCT_NOT_FOUND');
    await this.storage.transaction(async (tx) => {
      await tx.restockSignups.signUp(website.id, {
        productId: input.productId,
        variantId: input.variantId,
        email: customer.email,
        isJoinMailingList: input.isJoinMailingList ?? false,
        // Spec 7: the current language comes along; the restock mail is written in it.
        language: input.language ?? null,
      });
      // A verified customer asking while signed in needs no second opt-in mail.
      if (input.isJoinMailingList && customer.emailVerifiedAt !== undefined)
        await tx.customers.setNewsletter(website.id, customer.email, true);
    });
    return item;
  }

  async removeRestockNotice(website: Website, customer: CustomerAccount, noticeId: string) {
    if (!(await this.storage.customers.removeRestockNotice(website.id, customer.email, noticeId)))
      throw new CustomerError(404, 'NOTICE_NOT_FOUND');
  }

  newsletterStatus(website: Website, customer: CustomerAccount) {
    return this.storage.customers.newsletterStatus(website.id, customer.email);
  }

  /** Consent needs a confirmed address: an unverified account verifies first. */
  async setNewsletter(website: Website, customer: CustomerAccount, on: boolean) {
    if (on && customer.emailVerifiedAt === undefined) throw new CustomerError(403, 'NOT_VERIFIED');
    await this.storage.customers.setNewsletter(website.id, customer.email, on);
  }

  /** Deletes the account after checking its password; orders stay, anonymised (German bookkeeping). */
  async deleteAccount(website: Website, customer: CustomerAccount, password: string) {
    const hash = await this.storage.customers.passwordHashOf(website.id, customer.id);
    if (!hash || password.length > PASSWORD_MAX_LENGTH || !(await verifyPassword(hash, password)))
      throw new CustomerError(400, 'WRONG_PASSWORD');
    // Orders placed with the verified address since the last visit are the customer's too.
    if (customer.emailVerifiedAt !== undefined)
      await this.storage.customers.claimOrders(website.id, customer.id, customer.email);
    await this.storage.customers.erase(website.id, customer.id);
  }

  /** What the checkout pre-fills for a signed-in customer: the address and the default address. */
  async checkoutPrefill(website: Website, customer: CustomerAccount) {
    const addresses = await this.storage.customers.listAddresses(website.id, customer.id);
    const chosen = addresses.find((a) => a.isDefault) ?? addresses[0];
    return { email: customer.email, address: chosen?.address ?? null };
  }
}

export const sameEmail = (a: string, b: string) => normaliseEmail(a) === normaliseEmail(b);
