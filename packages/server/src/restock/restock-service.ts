import type { Item, Storage, Website } from '@baukasten/storage';
import { NewsletterService } from '../newsletter/newsletter-service.js';
import { restockEmailIn } from './restock-email.js';

export interface SendRequest {
  productId: string;
  variantId: string;
}

/** Restock sign-ups of visitors and the merchant's "it is back" mail (spec 3, 7). */
export class RestockService {
  readonly #newsletter: NewsletterService;

  constructor(private readonly storage: Storage) {
    this.#newsletter = new NewsletterService(storage);
  }

  /** The product and variant a sign-up names, when both exist on this website. */
  async findVariant(website: Website, productId: string, variantId: string) {
    const item = await this.storage.items.findById(website.id, productId);
    const variant = item?.product?.variants.find((v) => v.id === variantId);
    return item && variant ? { item, variant } : undefined;
  }

  /**
   * Stores the sign-up (once per visitor and variant); a visitor who ticked the mailing-list box also
   * gets the newsletter's opt-in mail, written in the same transaction.
   */
  async signUp(
    website: Website,
    input: SendRequest & { email: string; isJoinMailingList: boolean; language?: string | null },
    origin: string,
  ) {
    await this.storage.transaction(async (tx) => {
      await tx.restockSignups.signUp(website.id, {
        productId: input.productId,
        variantId: input.variantId,
        email: input.email,
        isJoinMailingList: input.isJoinMailingList,
        language: input.language ?? null,
      });
      if (input.isJoinMailingList) await this.#newsletter.subscribeIn(tx, website, input.email, origin);
    });
  }

  /** One email per waiting visitor of each variant, each visitor taken once; returns the number queued. */
  async send(website: Website, requests: readonly SendRequest[], origin: string): Promise<number> {
    const items = new Map<string, Item | undefined>();
    for (const { productId } of requests) {
      if (!items.has(productId))
        items.set(productId, await this.storage.items.findById(website.id, productId));
    }
    const urls = new Map<string, string>();
    for (const item of items.values()) {
      if (!item) continue;
      const collection = await this.storage.collections.findById(website.id, item.collectionId);
      urls.set(item.id, `${origin}/${collection?.urlId ?? ''}/p/${item.urlId}`);
    }
    return this.storage.transaction(async (tx) => {
      let queued = 0;
      for (const { productId, variantId } of requests) {
        const item = items.get(productId);
        if (!item) continue;
        const variant = item.product?.variants.find((v) => v.id === variantId);
        const variantText = Object.entries(variant?.attributes ?? {})
          .map(([name, value]) => `${name}: ${value}`)
          .join(', ');
        const signups = await tx.restockSignups.takeForNotification(website.id, productId, variantId);
        for (const signup of signups) {
          await tx.outbox.enqueue(
            website.id,
            restockEmailIn(signup.language, {
              to: signup.email,
              siteTitle: website.title,
              productName: item.title,
              variantText,
              productUrl: urls.get(item.id)!,
            }),
          );
          queued += 1;
        }
      }
      return queued;
    });
  }
}
