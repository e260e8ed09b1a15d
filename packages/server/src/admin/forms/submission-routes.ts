import type { Storage } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../http-error.js';
import { websiteById } from '../../site-request.js';
import { parseInput } from '../admin-input.js';
import { type CsvValue, csvDocument } from '../orders/order-csv.js';
import { localDateTime } from '../orders/zoned-dates.js';
import { accessedSite, requireSitePermission } from '../permissions.js';
import { formMessages } from './form-messages.js';

/** Most submissions one answer lists or one export holds. */
export const MAX_SUBMISSIONS = 10_000;

const params = z.object({ siteId: z.string(), formId: z.string().min(1).max(64) });

const formNotFound = () => new HttpError(404, 'FORM_NOT_FOUND', formMessages.formNotFound);

async function formOf(storage: Storage, websiteId: string, formId: string) {
  const form = await storage.forms.findById(websiteId, formId);
  if (!form) throw formNotFound();
  return form;
}

/**
 * The answers visitors sent through a site form (spec 3 answer summaries per field), newest first, as
 * JSON and as a CSV file with one column per field; reading them needs `forms.view`.
 */
export function registerSubmissionRoutes(admin: FastifyInstance, storage: Storage) {
  const view = { preHandler: requireSitePermission('forms.view') };

  admin.get('/sites/:siteId/forms', view, async (request) => {
    const { websiteId } = accessedSite(request);
    const forms = await storage.forms.list(websiteId);
    return { forms: forms.map((f) => ({ id: f.id, name: f.name, fieldCount: f.fields.length })) };
  });

  admin.get('/sites/:siteId/forms/:formId/submissions', view, async (request) => {
    const { formId } = parseInput(params, request.params);
    const { websiteId } = accessedSite(request);
    const form = await formOf(storage, websiteId, formId);
    const submissions = await storage.forms.listSubmissions(websiteId, form.id, { limit: MAX_SUBMISSIONS });
    return {
      form: { id: form.id, name: form.name },
      submissions: submissions.map((s) => ({
        id: s.id,
        createdAt: s.createdAt,
        answers: s.answers.map((a) => ({ fieldId: a.fieldId, title: a.rawTitle, summary: a.summary })),
      })),
    };
  });

  admin.get('/sites/:siteId/forms/:formId/submissions.csv', view, async (request, reply) => {
    const { formId } = parseInput(params, request.params);
    const { websiteId } = accessedSite(request);
    const website = await websiteById(storage, websiteId);
    const form = await formOf(storage, websiteId, formId);
    const submissions = await storage.forms.listSubmissions(websiteId, form.id, { limit: MAX_SUBMISSIONS });
    // One column per field of the form as it is now; answers to fields removed since come last.
    const columns = form.fields.filter((f) => !['section', 'hidden', 'line', 'captcha'].includes(f.type));
    const titles = new Map(columns.map((f) => [f.id, f.title ?? f.id]));
    for (const s of submissions)
      for (const a of s.answers) if (!titles.has(a.fieldId)) titles.set(a.fieldId, a.rawTitle);
    const ids = [...titles.keys()];
    const rows: CsvValue[][] = submissions.map((s) => {
      const byField = new Map(s.answers.map((a) => [a.fieldId, a.summary]));
      return [localDateTime(s.createdAt, website.timeZone), ...ids.map((id) => byField.get(id) ?? '')];
    });
    const file = `formular-${form.id}.csv`.replace(/[^\w.-]/g, '_');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file}"`)
      .send(csvDocument(['Eingegangen', ...ids.map((id) => titles.get(id) ?? id)], rows));
  });
}
