/*
 * Share buttons per the site's share settings (spec 3 Website context: shareButtonOptions). Plain
 * links to each network's own share page: nothing loads from a network until the visitor clicks.
 */

export interface ShareLink {
  service: string;
  label: string;
  url: string;
}

interface SharedPage {
  /** Absolute address of the page. */
  url: string;
  title: string;
  /** Absolute address of the page's image, for networks that pin images. */
  imageUrl?: string;
}

const q = encodeURIComponent;

/** The services the theme offers, in the order their buttons show. */
const SERVICES: Record<string, { label: string; url: (page: SharedPage) => string }> = {
  facebook: {
    label: 'Auf Facebook teilen',
    url: (p) => `https://www.facebook.com/sharer/sharer.php?u=${q(p.url)}`,
  },
  x: { label: 'Auf X teilen', url: (p) => `https://x.com/intent/post?url=${q(p.url)}&text=${q(p.title)}` },
  pinterest: {
    label: 'Auf Pinterest merken',
    url: (p) =>
      `https://www.pinterest.com/pin/create/button/?url=${q(p.url)}&description=${q(p.title)}` +
      (p.imageUrl ? `&media=${q(p.imageUrl)}` : ''),
  },
  linkedin: {
    label: 'Auf LinkedIn teilen',
    url: (p) => `https://www.linkedin.com/sharing/share-offsite/?url=${q(p.url)}`,
  },
  whatsapp: { label: 'Per WhatsApp teilen', url: (p) => `https://wa.me/?text=${q(`${p.title} ${p.url}`)}` },
  email: { label: 'Per E-Mail teilen', url: (p) => `mailto:?subject=${q(p.title)}&body=${q(p.url)}` },
};

/** 'twitter' is what older settings call X. */
const ALIASES: Record<string, string> = { twitter: 'x', mail: 'email' };

/**
 * The share links of the services the site switched on. Settings may be a map (`{facebook: true}`) or
 * a list of names (`['facebook']`); unknown services are skipped.
 */
export function shareLinks(options: unknown, page: SharedPage): ShareLink[] {
  const chosen = new Set<string>();
  if (Array.isArray(options)) {
    for (const name of options) if (typeof name === 'string') chosen.add(ALIASES[name] ?? name);
  } else if (options && typeof options === 'object') {
    for (const [name, on] of Object.entries(options)) if (on === true) chosen.add(ALIASES[name] ?? name);
  }
  return Object.entries(SERVICES)
    .filter(([service]) => chosen.has(service))
    .map(([service, { label, url }]) => ({ service, label, url: url(page) }));
}
