import { api } from '../../api/api-client.js';

/* The theme code calls of the admin API (packages/server/src/admin/theme-code). */

export interface ThemeFileSummary {
  file: string;
  kind: 'template' | 'css';
  overridden: boolean;
  updatedAt: number | null;
}

export interface ThemeFile extends ThemeFileSummary {
  source: string;
  defaultSource?: string;
}

export interface CodeProblem {
  line: number;
  column: number;
  message: string;
}

const base = (siteId: string) => `/sites/${encodeURIComponent(siteId)}/theme`;

export const themeCode = {
  files: (siteId: string) => api.get<{ files: ThemeFileSummary[] }>(`${base(siteId)}/files`),
  file: (siteId: string, file: string) => api.get<ThemeFile>(`${base(siteId)}/file`, { query: { file } }),
  check: (siteId: string, file: string, source: string) =>
    api.post<{ problems: CodeProblem[] }>(`${base(siteId)}/check`, { file, source }),
  save: (siteId: string, file: string, source: string) =>
    api.patch<ThemeFile>(`${base(siteId)}/file`, { file, source }),
  revert: (siteId: string, file: string) =>
    api.delete<ThemeFile>(`${base(siteId)}/file?file=${encodeURIComponent(file)}`),
  preview: (siteId: string, file: string, source: string) =>
    api.post<{ previewUrl: string }>(`${base(siteId)}/preview`, { file, source }),
};
