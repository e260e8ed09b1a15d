import { ApiError, api, apiUrl, CRUMB_COOKIE, CRUMB_HEADER, readCookie } from '../../api/api-client.js';
import { t } from '../../messages.js';
import { ACCEPTED_TYPES, M, MAX_UPLOAD_BYTES } from './texts.js';

/* The media calls of the admin API (packages/server/src/admin/media). */

/** An image as product images, image blocks and social images take it (spec 3 image fields). */
export interface PickedImage {
  assetUrl: string;
  altText: string;
  originalSize: string;
  mediaFocalPoint: { x: number; y: number };
  systemDataVariants?: string;
}

export interface MediaItem {
  id: string;
  filename: string;
  contentType: string;
  width: number;
  height: number;
  byteSize: number;
  altText: string;
  focalPoint: { x: number; y: number };
  variants: string[];
  createdAt: number;
  assetUrl: string;
  image: PickedImage;
}

const base = (siteId: string) => `/sites/${encodeURIComponent(siteId)}/media`;

/** A file the server would refuse, said before it is sent (R5.12.6–R5.12.8, R8.7.6). */
export function uploadProblem(file: { name: string; size: number; type: string }): string | undefined {
  if (!file.name.trim()) return M.fileNameMissing;
  if (/[\u0000-\u001f/\\]/.test(file.name)) return M.fileNotUploadable;
  if (file.size > MAX_UPLOAD_BYTES) return M.fileTooLarge;
  if (file.type && !ACCEPTED_TYPES.includes(file.type)) return M.unsupportedFileType;
  return undefined;
}

async function upload(siteId: string, file: File): Promise<{ media: MediaItem }> {
  if (!readCookie(CRUMB_COOKIE)) await api.get('/session', { allowSignedOut: true }).catch(() => undefined);
  let response: Response;
  try {
    response = await fetch(apiUrl(base(siteId), { filename: file.name }), {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'content-type': file.type || 'application/octet-stream',
        [CRUMB_HEADER]: readCookie(CRUMB_COOKIE) ?? '',
      },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', t.networkError);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const error = (body as { error?: { type?: string; message?: string; fields?: Record<string, string> } })
      ?.error;
    throw new ApiError(
      response.status,
      error?.type ?? 'UPLOAD_FAILED',
      error?.message ?? M.uploadFailed,
      error?.fields ?? {},
    );
  }
  // A 2xx without the stored image would leave the library unable to show what was made.
  const stored = (body as { media?: MediaItem } | undefined)?.media;
  if (!stored || typeof stored !== 'object')
    throw new ApiError(response.status, 'NO_RESPONSE_DATA', M.noResponseData);
  return { media: stored };
}

export const media = {
  list: (siteId: string) =>
    api.get<{ media: MediaItem[]; total: number }>(base(siteId), { query: { limit: 200 } }),
  upload,
  update: (
    siteId: string,
    mediaId: string,
    changes: { altText?: string; focalPoint?: { x: number; y: number } },
  ) => api.patch<{ media: MediaItem }>(`${base(siteId)}/${encodeURIComponent(mediaId)}`, changes),
  delete: (siteId: string, mediaId: string) =>
    api.delete<{ deleted: true }>(`${base(siteId)}/${encodeURIComponent(mediaId)}`),
  /** A rendition from the editor's own address (the site's host may be another origin). */
  thumbnailUrl: (siteId: string, mediaId: string, format = '300w') =>
    apiUrl(`${base(siteId)}/${encodeURIComponent(mediaId)}/file`, { format }),
};

/** The media id in a stored image address (`/media/<id>/<name>`), if it is one of ours. */
export const mediaIdOf = (assetUrl: string | undefined) =>
  /^\/media\/([0-9a-f]{24})\//.exec(assetUrl ?? '')?.[1];
