import type { Block, Collection, Website } from '@baukasten/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http-error.js';
import type { PageDeps, SendOptions } from '../../pages/send-page.js';
import { siteStylesInput } from '../../site-styles/site-styles-input.js';
import { decodeStyles, STYLES_PARAM } from '../../site-styles/site-stylesheet.js';
import { SITE_CSS_PATH } from '../theme-code/site-themes.js';
import { PREVIEW_PARAM } from './preview-tokens.js';

export const previewMessages = {
  previewInvalid: 'Diese Vorschau ist abgelaufen oder ungültig. Öffne die Vorschau im Editor neu.',
} as const;

/**
 * What a page request with `?vorschau=<token>` renders instead of the live page: the page's draft blocks
 * (when the token names this page) and the theme drafts (when it says so). Undefined without the
 * parameter; a 403 for a forged, expired or other website's token. Previews are never cached or indexed.
 */
export async function previewOptions(
  deps: PageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  website: Website,
  collection: Collection,
): Promise<(SendOptions & { blocks?: Block[] }) | undefined> {
  const token = (request.query as Record<string, unknown> | undefined)?.[PREVIEW_PARAM];
  if (token === undefined) return undefined;
  const preview = deps.previews ? await deps.previews.verify(token, website.id) : undefined;
  if (!preview) throw new HttpError(403, 'PREVIEW_INVALID', previewMessages.previewInvalid);
  reply.header('cache-control', 'no-store');
  reply.header('x-robots-tag', 'noindex');
  const options: SendOptions & { blocks?: Block[] } = {};
  if (preview.pageId === collection.id) {
    const editable = await deps.storage.collections.findEditable(website.id, collection.id);
    if (editable?.draftBlocks) options.blocks = editable.draftBlocks;
  }
  // The Design screen's unsaved styles, checked like a save; anything else shows the saved styles.
  const stylesParam = (request.query as Record<string, unknown>)[STYLES_PARAM];
  const draftStyles = siteStylesInput.safeParse(decodeStyles(stylesParam));
  if (draftStyles.success) options.siteStyles = { styles: draftStyles.data, param: String(stylesParam) };
  if (preview.themeDrafts && deps.siteThemes) {
    const drafted = await deps.siteThemes.previewTheme(website.id);
    options.siteTheme = drafted.cssUrl
      ? { ...drafted, cssUrl: `${SITE_CSS_PATH}?${PREVIEW_PARAM}=${encodeURIComponent(String(token))}` }
      : drafted;
  }
  return options;
}
