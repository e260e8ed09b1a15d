import type { SiteForm, Storage } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http-error.js';
import { parseInput } from '../admin-input.js';
import { additionalFieldsCopy } from '../catalog/additional-fields-form.js';
import { refuseNulCharacters } from '../catalog/text-guard.js';
import { accessedSite, requireSitePermission } from '../permissions.js';
import { formParams, siteFormInput, storedForm } from './form-input.js';
import { formMessages as m } from './form-messages.js';

/*
 * The form builder: a site's forms (spec 3, R3.15) created, read, replaced and deleted by the owner.
 * Reading needs forms.view, changing forms.edit. Visitors get the forms through the site's
 * /api/rest/forms/:id (server/src/forms), which sanitises the post-submit HTML.
 */

const formNotFound = () => new HttpError(404, 'FORM_NOT_FOUND', m.formNotFound);

/** The whole form as the builder edits it, including the owner's notification address. */
export const formView = (form: SiteForm) => ({
  id: form.id,
  name: form.name,
  fields: form.fields,
  submissionMessage: form.submissionMessage ?? '',
  submissionHTML: form.submissionHTML ?? '',
  successRedirect: form.successRedirect ?? '',
  disclaimerMessage: form.disclaimerMessage ?? '',
  captchaEnabled: form.captchaEnabled,
  captchaTheme: form.captchaTheme ?? null,
  captchaAlignment: form.captchaAlignment ?? null,
  notificationEmail: form.notificationEmail ?? '',
  createdAt: form.createdAt,
});

export function registerFormBuilderRoutes(parent: FastifyInstance, storage: Storage) {
  parent.register(async (admin) => {
    refuseNulCharacters(admin);
    const view = { preHandler: requireSitePermission('forms.view') };
    const edit = { preHandler: requireSitePermission('forms.edit') };

    admin.post('/sites/:siteId/forms', edit, async (request, reply) => {
      const { websiteId } = accessedSite(request);
      const input = parseInput(siteFormInput, request.body);
      const form = await storage.forms.create(websiteId, storedForm(input));
      return reply.code(201).send({ form: formView(form) });
    });

    admin.get('/sites/:siteId/forms/:formId', view, async (request) => {
      const { websiteId } = accessedSite(request);
      const { formId } = parseInput(formParams, request.params);
      const form = await storage.forms.findById(websiteId, formId);
      if (!form) throw formNotFound();
      return { form: formView(form) };
    });

    admin.patch('/sites/:siteId/forms/:formId', edit, async (request) => {
      const { websiteId } = accessedSite(request);
      const { formId } = parseInput(formParams, request.params);
      const input = parseInput(siteFormInput, request.body);
      // Products using the form as their additional-fields form get the new copy in the same transaction.
      const form = await storage.forms.update(
        websiteId,
        formId,
        storedForm(input),
        undefined,
        additionalFieldsCopy,
      );
      if (!form) throw formNotFound();
      return { form: formView(form) };
    });

    admin.delete('/sites/:siteId/forms/:formId', edit, async (request) => {
      const { websiteId } = accessedSite(request);
      const { formId } = parseInput(formParams, request.params);
      if (!(await storage.forms.delete(websiteId, formId))) throw formNotFound();
      return { deleted: true };
    });
  });
}
