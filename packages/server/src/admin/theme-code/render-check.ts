import type { Storage } from '@baukasten/storage';
import { defaultThemeSources, PAGE_TEMPLATES, themeFromSources } from '@baukasten/theme';
import { baseContext } from '../../pages/send-page.js';
import { DRAFT_PREFIX } from './site-themes.js';
import type { TemplateProblem } from './template-errors.js';
import { renderStopMessage } from './theme-code-messages.js';

/*
 * Before a template is saved or previewed, the site's theme with it is rendered once per page template
 * with the site's own website and navigation data, so a template that runs over the engine's limits
 * (time, output, steps, nesting) is refused with a German problem instead of reaching visitors. It
 * catches what does not depend on a page's data (recursive or chained macros, huge output); what only a
 * large product list triggers is caught at request time (SiteThemes serves the last good version and
 * the preview shows the reason).
 */
export async function renderProblems(
  storage: Storage,
  websiteId: string,
  file: string,
  source: string,
): Promise<TemplateProblem[]> {
  const website = await storage.websites.findById(websiteId);
  if (!website) return [];
  const saved = (await storage.themeOverrides.list(websiteId)).filter(
    (o) => !o.file.startsWith(DRAFT_PREFIX),
  );
  const sources: Record<string, string> = { ...defaultThemeSources() };
  for (const o of saved) sources[o.file] = o.source;
  sources[file] = source;
  const { theme } = themeFromSources(sources);
  const context = await baseContext(storage, website);
  for (const template of PAGE_TEMPLATES) {
    const page = theme.renderPage(template, context, { locale: website.locale });
    // The first stop is enough: every further render of a hostile theme would cost its time limit again.
    if (page.aborted) {
      return [{ line: 1, column: 1, message: renderStopMessage(page.aborted.file, page.aborted.reason) }];
    }
  }
  return [];
}
