import type { Storage } from '@baukasten/storage';
import { defaultThemeSources, THEME_FILES } from '@baukasten/theme';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { PageDeps } from '../../pages/send-page.js';
import { parseInput } from '../admin-input.js';
import { siteUrl } from '../admin-views.js';
import { accessedSite, requireSitePermission, signedInAccount } from '../permissions.js';
import { PREVIEW_PARAM } from '../previews/preview-tokens.js';
import { cssProblems } from './css-problems.js';
import { renderProblems } from './render-check.js';
import { DRAFT_PREFIX } from './site-themes.js';
import { problemText, type TemplateProblem, templateProblems } from './template-errors.js';
import { themeCodeMessages as m } from './theme-code-messages.js';

/*
 * The theme code editor's API (`theme.code`): a website's own versions of the default theme's JSON-T
 * templates and stylesheet. A file is checked before it is saved (templates with the engine's parser,
 * the stylesheet for unbalanced braces, comments and strings); a file with problems is refused with each
 * problem's line and column, and nothing is stored. Reverting deletes the site's version. Every save and
 * revert drops the site's compiled theme, so the next page view renders the new code.
 */

export const MAX_SOURCE_KB = 256;

const fileName = z.string({ error: m.unknownFile }).refine((f) => THEME_FILES.includes(f), m.unknownFile);
const fileQuery = z.object({ file: fileName });
const sourceBody = z.object({
  file: fileName,
  source: z
    .string({ error: m.sourceMissing })
    .max(MAX_SOURCE_KB * 1024, m.sourceTooLarge(MAX_SOURCE_KB))
    .refine((s) => !s.includes('\u0000'), m.nulCharacter),
});
const previewBody = sourceBody.extend({ pageId: z.string().max(64).optional() });

const kindOf = (file: string) => (file.endsWith('.css') ? 'css' : 'template');

export function problemsOf(file: string, source: string): TemplateProblem[] {
  return kindOf(file) === 'css' ? cssProblems(source) : templateProblems(source);
}

/** Before a save or preview: parse problems, else (templates) a trial render within the engine's limits. */
async function problemsBeforeUse(storage: Storage, websiteId: string, file: string, source: string) {
  const problems = problemsOf(file, source);
  if (problems.length > 0 || kindOf(file) === 'css') return problems;
  return renderProblems(storage, websiteId, file, source);
}

function refuse(reply: FastifyReply, file: string, problems: TemplateProblem[]) {
  const message = kindOf(file) === 'css' ? m.cssInvalid : m.templateInvalid(problems.length);
  return reply.code(400).send({
    error: { type: 'INVALID_THEME_CODE', message, fields: { source: problemText(problems[0]!) }, problems },
  });
}

export function registerThemeCodeRoutes(admin: FastifyInstance, storage: Storage, pages?: PageDeps) {
  const code = { preHandler: requireSitePermission('theme.code') };
  const invalidate = (websiteId: string) => pages?.siteThemes?.invalidate(websiteId);

  admin.get('/sites/:siteId/theme/files', code, async (request) => {
    const { websiteId } = accessedSite(request);
    const rows = await storage.themeOverrides.list(websiteId);
    const saved = new Map(rows.filter((r) => !r.file.startsWith(DRAFT_PREFIX)).map((r) => [r.file, r]));
    return {
      files: THEME_FILES.map((file) => ({
        file,
        kind: kindOf(file),
        overridden: saved.has(file),
        updatedAt: saved.get(file)?.updatedAt ?? null,
      })),
    };
  });

  admin.get('/sites/:siteId/theme/file', code, async (request) => {
    const { file } = parseInput(fileQuery, request.query);
    const { websiteId } = accessedSite(request);
    const saved = (await storage.themeOverrides.list(websiteId)).find((r) => r.file === file);
    const defaultSource = defaultThemeSources()[file] ?? '';
    return {
      file,
      kind: kindOf(file),
      source: saved?.source ?? defaultSource,
      defaultSource,
      overridden: Boolean(saved),
      updatedAt: saved?.updatedAt ?? null,
    };
  });

  /** Problems of a file as typed, without saving (the editor checks while the owner types). */
  admin.post('/sites/:siteId/theme/check', code, async (request) => {
    const { file, source } = parseInput(sourceBody, request.body);
    return { problems: problemsOf(file, source) };
  });

  admin.patch('/sites/:siteId/theme/file', code, async (request, reply) => {
    const { file, source } = parseInput(sourceBody, request.body);
    const { websiteId } = accessedSite(request);
    const problems = await problemsBeforeUse(storage, websiteId, file, source);
    if (problems.length > 0) return refuse(reply, file, problems);
    const saved = await storage.themeOverrides.save(websiteId, file, source, {
      accountId: signedInAccount(request).id,
    });
    await storage.themeOverrides.revert(websiteId, `${DRAFT_PREFIX}${file}`);
    invalidate(websiteId);
    return { file, kind: kindOf(file), source, overridden: true, updatedAt: saved.updatedAt };
  });

  admin.delete('/sites/:siteId/theme/file', code, async (request) => {
    const { file } = parseInput(fileQuery, request.query);
    const { websiteId } = accessedSite(request);
    await storage.themeOverrides.revert(websiteId, file);
    await storage.themeOverrides.revert(websiteId, `${DRAFT_PREFIX}${file}`);
    invalidate(websiteId);
    const defaultSource = defaultThemeSources()[file] ?? '';
    return {
      file,
      kind: kindOf(file),
      source: defaultSource,
      defaultSource,
      overridden: false,
      updatedAt: null,
    };
  });

  /**
   * Keeps the unsaved file as the site's theme draft and answers the address of a preview of a page (the
   * home page unless `pageId`) rendered with it. Visitors still get the saved theme.
   */
  admin.post('/sites/:siteId/theme/preview', code, async (request, reply) => {
    const { file, source, pageId } = parseInput(previewBody, request.body);
    const { websiteId } = accessedSite(request);
    const problems = await problemsBeforeUse(storage, websiteId, file, source);
    if (problems.length > 0) return refuse(reply, file, problems);
    await storage.themeOverrides.save(websiteId, `${DRAFT_PREFIX}${file}`, source, {
      accountId: signedInAccount(request).id,
    });
    const website = await storage.websites.findById(websiteId);
    const page = pageId ? await storage.collections.findById(websiteId, pageId) : undefined;
    const token = await pages!.previews!.issue(websiteId, { themeDrafts: true });
    const path = page?.urlId ? `/${page.urlId}` : '/';
    return {
      previewUrl: `${siteUrl(request, website?.hostnames[0]) ?? ''}${path}?${PREVIEW_PARAM}=${encodeURIComponent(token)}`,
    };
  });
}
