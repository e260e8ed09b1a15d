import { type Storage, StorageError, type Website } from '@baukasten/storage';
import { AdminInputError } from '../admin/admin-input.js';
import type { Refusal } from './catalogue.js';
import { importMessages as m } from './import-messages.js';
import type { PlanEntry } from './import-plan.js';
import { productFor, SkuOwners } from './import-plan.js';

/*
 * Writes a previewed plan: batches of products, each batch in one transaction (all of its products or
 * none), the job's progress after each. Creating and updating go through the item repository like the
 * editor's saves; images are queued for the background fetcher in the same transaction as their product.
 * Re-importing the same file finds every product again (by handle, else SKU) and updates it in place.
 */

export const BATCH_SIZE = 250;

export interface RunResult {
  created: number;
  updated: number;
  /** Products the checks at write time refused (the shop changed since the preview). */
  refused: Refusal[];
}

export async function runImport(
  storage: Storage,
  website: Website,
  job: { id: string; collectionId: string; plan: PlanEntry[] },
  options: { batchSize?: number; onBatch?: (processed: number) => void } = {},
): Promise<RunResult> {
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const result: RunResult = { created: 0, updated: 0, refused: [] };
  const skus = new SkuOwners(await storage.imports.catalogueIndex(website.id));
  const ctx = { currency: website.currency, locale: website.locale, skus };
  let processed = 0;
  for (let start = 0; start < job.plan.length; start += batchSize) {
    const batch = job.plan.slice(start, start + batchSize);
    const counts = await storage.transaction(async (tx) => {
      const done = { created: 0, updated: 0, refused: [] as Refusal[] };
      for (const entry of batch) {
        try {
          const itemId = await writeProduct(tx, website, job.collectionId, entry, ctx);
          if (entry.action === 'create') done.created++;
          else done.updated++;
          await tx.imports.queueImages(website.id, job.id, itemId, entry.product.images);
        } catch (error) {
          // Checked before writing (SKU taken meanwhile, product deleted): refused, the batch goes on.
          if (!(error instanceof AdminInputError) && !(error instanceof StorageError)) throw error;
          done.refused.push({
            line: entry.product.line,
            handle: entry.product.handle,
            reason: error.message,
          });
        }
      }
      await tx.imports.recordProgress(website.id, job.id, start + batch.length);
      return done;
    });
    result.created += counts.created;
    result.updated += counts.updated;
    result.refused.push(...counts.refused);
    processed = start + batch.length;
    options.onBatch?.(processed);
  }
  return result;
}

async function writeProduct(
  tx: Storage,
  website: Website,
  collectionId: string,
  entry: PlanEntry,
  ctx: Parameters<typeof productFor>[3],
): Promise<string> {
  const { product } = entry;
  const fields = {
    title: product.title,
    excerpt: product.excerpt,
    body: product.body,
    tags: product.tags,
    categories: product.categories,
  };
  const existing = entry.itemId ? await tx.items.findById(website.id, entry.itemId) : undefined;
  if (existing?.product) {
    const built = productFor(product, existing.id, existing, ctx);
    const updated = await tx.items.update(website.id, existing.id, { ...fields, product: built });
    if (!updated) throw new StorageError('INVALID_INPUT', m.jobFailed);
    return existing.id;
  }
  const built = productFor(product, `new:${product.handle}`, undefined, ctx);
  const created = await tx.items.create(website.id, {
    collectionId,
    urlId: product.handle,
    ...fields,
    images: [],
    product: built,
  });
  ctx.skus.claim(
    built.variants.map((v) => v.sku),
    created.id,
  );
  return created.id;
}
