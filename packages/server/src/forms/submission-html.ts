import sanitizeHtml from 'sanitize-html';

/**
 * The HTML a form shows after a submission, written by the site owner. Sent to visitors only after
 * sanitising: formatting, links and images stay; scripts, event handlers, frames and `javascript:`
 * URLs go, so an owner account taken over cannot turn a form into a script drop.
 */
export function sanitizedSubmissionHtml(html: string | null | undefined): string | null {
  if (!html) return null;
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      '*': ['class'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
  });
}
