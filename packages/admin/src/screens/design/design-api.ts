import type { Palette, SiteStyles, SiteTemplate } from '@baukasten/commerce';
import { api } from '../../api/api-client.js';

/* The Design screen's calls (packages/server/src/site-styles/site-styles-routes.ts). */

export interface FontChoice {
  id: string;
  label: string;
  heading: { family: string; fallback: string; weight?: number };
  body: { family: string; fallback: string };
  /** The latin files the preview loads; empty for the system fonts. */
  faces: { family: string; weight: number; url: string }[];
}

export interface DesignData {
  styles: SiteStyles;
  /** False while the site still has the theme's plain look (never saved styles). */
  chosen: boolean;
  fonts: FontChoice[];
  templates: SiteTemplate[];
  /** Ready-made palettes, light and dark (server site-styles/palettes.ts); older servers send none. */
  palettes?: PaletteChoice[];
}

export interface PaletteChoice {
  id: string;
  label: string;
  dark: boolean;
  palette: Palette;
}

const base = (siteId: string) => `/sites/${encodeURIComponent(siteId)}/styles`;

export const design = {
  load: (siteId: string) => api.get<DesignData>(base(siteId)),
  save: (siteId: string, styles: SiteStyles) =>
    api.patch<{ styles: SiteStyles; chosen: boolean }>(base(siteId), styles),
  preview: (siteId: string, styles: SiteStyles) =>
    api.post<{ previewUrl: string }>(`${base(siteId)}/preview`, styles),
};

/**
 * Loads a pairing's faces in the editor's own document, so its preview shows in the real fonts. Rejects
 * when a file does not arrive or the browser cannot load fonts at all; the screen then says so (R8.7.10).
 */
export async function loadFontFaces(faces: FontChoice['faces']): Promise<void> {
  if (faces.length === 0) return;
  if (typeof FontFace === 'undefined' || !document.fonts) throw new Error('no FontFace API');
  await Promise.all(
    faces.map(async (face) => {
      const loaded = await new FontFace(face.family, `url(${face.url}) format("woff2")`, {
        weight: String(face.weight),
        display: 'swap',
      }).load();
      document.fonts.add(loaded);
    }),
  );
}
