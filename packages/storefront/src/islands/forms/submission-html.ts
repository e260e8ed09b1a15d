// The form's post-submit HTML arrives sanitised by the server. Before it goes into the page the island
// still takes out anything that could run code (defence in depth: one missed server path must not
// become script on every visitor's page). Post-submit scripts therefore do not run.

const DROPPED_ELEMENTS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'link',
  'meta',
  'base',
  'form',
  'template',
  'noscript',
  'svg',
  'math',
]);

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'background']);

function unsafeUrl(value: string): boolean {
  // Browsers ignore whitespace and control characters inside a scheme ("java\nscript:").
  const compact = value.replace(/[\u0000-\u0020\u007f]+/g, '').toLowerCase();
  return /^(javascript|vbscript|data):/.test(compact);
}

/** The HTML without elements and attributes that run code; '' when there is no DOM to parse it with. */
export function safeSubmissionHtml(html: string): string {
  if (typeof document === 'undefined') return '';
  const template = document.createElement('template');
  template.innerHTML = html;
  const elements = Array.from(template.content.querySelectorAll('*'));
  for (const element of elements) {
    if (DROPPED_ELEMENTS.has(element.localName.toLowerCase())) {
      element.remove();
      continue;
    }
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (
        name.startsWith('on') ||
        name === 'srcdoc' ||
        name === 'srcset' ||
        (URL_ATTRIBUTES.has(name) && unsafeUrl(attribute.value))
      )
        element.removeAttribute(attribute.name);
    }
  }
  return template.innerHTML;
}

/** A redirect target a visitor may be sent to: a path on this site or an http(s) address. */
export function safeRedirectUrl(url: string | null | undefined): string | null {
  const target = url?.trim();
  if (!target) return null;
  if (target.startsWith('/') && !target.startsWith('//')) return target;
  return /^https?:\/\//i.test(target) ? target : null;
}
