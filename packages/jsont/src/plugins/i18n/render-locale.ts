// The locale Intl formats with: the render's locale when Intl accepts it, else en-US, so a broken
// locale setting degrades to English instead of breaking the page.

import type { RenderScope } from '../../plugin-api.js';

const checked = new Map<string, string>();

export function intlLocale(locale: string | undefined): string {
  const key = locale ?? '';
  let result = checked.get(key);
  if (result === undefined) {
    try {
      result = Intl.getCanonicalLocales(key.replace(/_/g, '-'))[0] ?? 'en-US';
    } catch {
      result = 'en-US';
    }
    if (checked.size > 200) checked.clear();
    checked.set(key, result);
  }
  return result;
}

export const scopeLocale = (scope: RenderScope) => intlLocale(scope.locale);
