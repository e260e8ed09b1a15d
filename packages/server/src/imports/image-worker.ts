import type { Image, ImportImage, Storage } from '@baukasten/storage';
import { processUpload } from '../admin/media/image-processing.js';
import { MAX_UPLOAD_BYTES } from '../admin/media/media-limits.js';
import { mediaView } from '../admin/media/media-views.js';
import { HttpError } from '../http-error.js';
import { fetchImage, ImageFetchError, type ImageFetchOptions } from './image-guard.js';

/*
 * Fetches the queued images of imported products in the background (import_images, migration 0025):
 * guarded download (image-guard.ts), then the media library's own processing (type by content, renditions,
 * metadata stripped), then the product's images once none of its images is pending any more. Failures
 * that may pass (timeouts, 5xx) are retried with growing pauses; the others are given up at once with a
 * German reason the editor shows. An URL fetched before for the website is reused, not fetched again.
 * The queue lives in the database, so images left after a restart are fetched by the next process.
 */

export interface ImageWorkerOptions extends Partial<ImageFetchOptions> {
  /** Pause before the n-th retry: retryBaseMs × 4^(n-1). Default 2 s (2 s, 8 s, 32 s). */
  retryBaseMs?: number;
  maxAttempts?: number;
  /** How many images are fetched at once. */
  concurrency?: number;
  now?: () => number;
}

const LEASE_MS = 60_000;

export class ImageWorker {
  readonly #storage: Storage;
  readonly #fetch: ImageFetchOptions;
  readonly #retryBaseMs: number;
  readonly #maxAttempts: number;
  readonly #concurrency: number;
  readonly #now: () => number;
  #running: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(storage: Storage, options: ImageWorkerOptions = {}) {
    this.#storage = storage;
    this.#fetch = {
      allowPrivateHosts: options.allowPrivateHosts ?? false,
      maxBytes: options.maxBytes ?? MAX_UPLOAD_BYTES,
      timeoutMs: options.timeoutMs ?? 15_000,
      maxRedirects: options.maxRedirects ?? 3,
    };
    this.#retryBaseMs = options.retryBaseMs ?? 2000;
    this.#maxAttempts = options.maxAttempts ?? 4;
    this.#concurrency = options.concurrency ?? 4;
    this.#now = options.now ?? Date.now;
  }

  /** Starts working through the queue unless already at it. */
  kick(): void {
    if (this.#stopped || this.#running) return;
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    this.#running = this.#drain()
      .catch(() => {
        /* the next kick or timer tries again; a dead database must not crash the server */
      })
      .finally(() => {
        this.#running = undefined;
        void this.#scheduleIfPending();
      });
  }

  /** Resolves when nothing is being fetched right now (tests wait for this). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.idle();
  }

  async #scheduleIfPending() {
    if (this.#stopped) return;
    const pending = await this.#storage.imports.pendingImageCount().catch(() => 0);
    if (pending === 0 || this.#stopped) return;
    // Retries wait for their time; one look per second is cheap and keeps the pauses short.
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.kick();
    }, 1000);
    this.#timer.unref();
  }

  async #drain(): Promise<void> {
    for (;;) {
      if (this.#stopped) return;
      const batch = await this.#storage.imports.claimImages(this.#concurrency, this.#now(), LEASE_MS);
      if (batch.length === 0) return;
      await Promise.all(batch.map((image) => this.#one(image)));
    }
  }

  async #one(image: ImportImage): Promise<void> {
    const storage = this.#storage;
    try {
      let mediaId = await storage.imports.mediaFetchedFrom(image.websiteId, image.url);
      if (!mediaId) {
        const fetched = await fetchImage(image.url, this.#fetch);
        const processed = await processUpload(fetched.data);
        const media = await storage.media.create(image.websiteId, {
          filename: fileNameOf(fetched.url),
          contentType: processed.contentType,
          width: processed.width,
          height: processed.height,
          byteSize: fetched.data.length,
          altText: image.altText,
          files: processed.files,
        });
        mediaId = media.id;
      }
      await storage.imports.imageFetched(image.websiteId, image.id, mediaId);
    } catch (error) {
      const retryable = error instanceof ImageFetchError ? error.retryable : !(error instanceof HttpError);
      const message = error instanceof Error ? error.message : String(error);
      const attempts = image.attempts + 1;
      const retryAt =
        retryable && attempts < this.#maxAttempts
          ? this.#now() + this.#retryBaseMs * 4 ** (attempts - 1)
          : undefined;
      await storage.imports.imageFailed(image.websiteId, image.id, message, retryAt);
    }
    await this.#showImagesOf(image.websiteId, image.itemId);
  }

  /** Sets the product's images from its fetched ones, once none is pending (one product write, not one per image). */
  async #showImagesOf(websiteId: string, itemId: string) {
    const storage = this.#storage;
    const images = await storage.imports.itemImages(websiteId, itemId);
    if (images.length === 0 || images.some((i) => i.status === 'pending')) return;
    const shown: Image[] = [];
    for (const image of images) {
      if (image.status === 'failed' || !image.mediaId) continue;
      const media = await storage.media.findById(websiteId, image.mediaId);
      if (media) shown.push(mediaView(media).image);
    }
    if (!(await storage.items.findById(websiteId, itemId))) return;
    await storage.items.update(websiteId, itemId, { images: shown, assetUrl: shown[0]?.assetUrl ?? null });
    // Only now counted as done, so "no image pending" means the shop shows them.
    await storage.imports.markShown(websiteId, itemId);
  }
}

/** A file name for the media library from the image's URL ("…/Rotes%20Shirt.jpg" → "Rotes Shirt.jpg"). */
function fileNameOf(url: string): string {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? '';
    const name = decodeURIComponent(last)
      .replace(/[\u0000-\u001f/\\]/g, '')
      .slice(-200);
    return name || 'bild';
  } catch {
    return 'bild';
  }
}
