import type { Plugin } from './plugin-api.js';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const text = (v: unknown) =>
  v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** The handful of core formatters and predicates the default theme needs. */
export const leadCorePlugin: Plugin = {
  name: 'core',
  formatters: {
    html: (v) => escapeHtml(text(v)),
    htmltag: (v) => escapeHtml(text(v)).replace(/"/g, '&quot;'),
    htmlattr: (v) => escapeHtml(text(v)).replace(/"/g, '&quot;'),
    json: (v) => JSON.stringify(v)?.replace(/<\//g, '<\\/'),
    raw: (v) => text(v),
    count: (v) => (Array.isArray(v) ? v.length : v && typeof v === 'object' ? Object.keys(v).length : 0),
    apply: (v, args, scope) => scope.applyPartial(args[0] ?? '', v),
  },
  predicates: {
    equal: (args, scope) => {
      const [a, b] = args.map((x) => (/^".*"$/.test(x) ? x.slice(1, -1) : scope.resolve(x)));
      return args.length === 1 ? scope.current === a : a === b;
    },
  },
};
