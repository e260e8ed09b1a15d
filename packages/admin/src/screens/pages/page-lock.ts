import { useEffect, useState } from 'react';
import { pages } from '../../api/admin-api.js';
import { ApiError } from '../../api/api-client.js';

/*
 * The editing lease of the page open in the block editor (R8.7.12, server: admin/pages/page-lock-routes.ts).
 * Taken when the editor opens, renewed while it stays open, given up when it closes. When another member
 * holds the page, `lockedMessage` is the server's German message naming them and the editor turns
 * read-only; it keeps asking, so the page opens for editing as soon as the other one is done.
 */

/** How often to ask again, and to renew, when the server names no interval. */
const DEFAULT_RENEW_MS = 60_000;

export function usePageLock(siteId: string, pageId: string, wanted: boolean): { lockedMessage?: string } {
  const [lockedMessage, setLockedMessage] = useState<string>();
  useEffect(() => {
    if (!wanted) return;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let held = false;
    const ask = async () => {
      let next = DEFAULT_RENEW_MS;
      try {
        const answer = await pages.lock(siteId, pageId);
        if (!active) {
          // The editor closed while asking: give the lease straight back.
          void pages.unlock(siteId, pageId).catch(() => undefined);
          return;
        }
        held = true;
        next = answer.lock?.renewAfterMs ?? DEFAULT_RENEW_MS;
        if (active) setLockedMessage(undefined);
      } catch (error) {
        // Only "someone else has it" locks the editor; a server without leases, or a failed renewal,
        // leaves it to the save itself, which the server refuses while another member holds the page.
        if (error instanceof ApiError && error.status === 409 && error.type === 'PAGE_LOCKED') {
          held = false;
          if (active) setLockedMessage(error.message);
        }
      }
      if (active) timer = setTimeout(() => void ask(), next);
    };
    void ask();
    return () => {
      active = false;
      if (timer) clearTimeout(timer);
      // Leaving the page frees it for the others at once instead of when the lease runs out.
      if (held) void pages.unlock(siteId, pageId).catch(() => undefined);
    };
  }, [siteId, pageId, wanted]);
  return { lockedMessage };
}
