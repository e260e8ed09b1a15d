import type { Storage, Website } from '@baukasten/storage';

/**
 * A read kept with the website object it was made for: storage hands out a new website object after any
 * write to the site or to what is kept with it (ContentChanges.siteVersion: its settings, pages, products,
 * members, webhooks, stock alerts) and when its host look-up expires (1 s by default), so a kept answer is
 * never older than the object it hangs on. The checkout's reads of things that change rarely (payment keys,
 * legal facts, who hears of an order) are made once per object instead of once per order. A failed read is
 * not kept: the next caller asks again. A website object comes from one storage, so that is the one read.
 */
export function keptWithWebsite<T>(
  read: (storage: Storage, website: Website) => Promise<T>,
): (storage: Storage, website: Website) => Promise<T> {
  const kept = new WeakMap<Website, Promise<T>>();
  return (storage, website) => {
    let answer = kept.get(website);
    if (!answer) {
      answer = read(storage, website);
      kept.set(website, answer);
      answer.catch(() => kept.delete(website));
    }
    return answer;
  };
}
