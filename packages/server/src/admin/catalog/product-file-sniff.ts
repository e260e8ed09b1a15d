/*
 * What a product file is, judged by its first bytes rather than by the name or the browser's guess: the
 * type the editor shows and the download is sent with. Unknown binary data is application/octet-stream.
 */

const starts = (head: Buffer, magic: string | number[], at = 0) => {
  const bytes = typeof magic === 'string' ? Buffer.from(magic, 'latin1') : Buffer.from(magic);
  return head.length >= at + bytes.length && head.subarray(at, at + bytes.length).equals(bytes);
};

/** The first bytes this needs: 4 KiB is plenty for every signature below. */
export const SNIFF_BYTES = 4096;

export function sniffContentType(head: Buffer): string {
  if (starts(head, '%PDF-')) return 'application/pdf';
  if (starts(head, 'PK\x03\x04')) {
    if (starts(head, 'mimetypeapplication/epub+zip', 30)) return 'application/epub+zip';
    return 'application/zip';
  }
  if (starts(head, [0x89, 0x50, 0x4e, 0x47])) return 'image/png';
  if (starts(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts(head, 'GIF8')) return 'image/gif';
  if (starts(head, 'RIFF') && starts(head, 'WEBP', 8)) return 'image/webp';
  if (starts(head, 'RIFF') && starts(head, 'WAVE', 8)) return 'audio/wav';
  if (starts(head, 'ID3') || (head.length > 1 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0))
    return 'audio/mpeg';
  if (starts(head, 'OggS')) return 'audio/ogg';
  if (starts(head, 'fLaC')) return 'audio/flac';
  if (starts(head, 'ftyp', 4)) return starts(head, 'M4A', 8) ? 'audio/mp4' : 'video/mp4';
  if (starts(head, [0x1f, 0x8b])) return 'application/gzip';
  if (starts(head, '7z\xbc\xaf\x27\x1c')) return 'application/x-7z-compressed';
  if (looksLikeText(head)) return 'text/plain; charset=utf-8';
  return 'application/octet-stream';
}

/** UTF-8 without NUL or other control characters besides tab, line feed and carriage return. */
function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return false;
  // A multi-byte character cut off at the end of the sample is no reason to call it binary.
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  const body = text.replace(/\uFFFD{1,3}$/, '');
  return !body.includes('\uFFFD') && !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(body);
}
