import type { FastifyInstance } from 'fastify';
import { accessedSite, requireSitePermission } from '../admin/permissions.js';
import { websiteById } from '../site-request.js';
import { analyticsMessages } from './analytics-messages.js';
import { type DashboardDeps, dashboardAnswers } from './dashboard-routes.js';

export const ANALYTICS_ADMIN_PREFIX = '/api/admin/sites/:siteId/analytics';

/**
 * The dashboards of the editor (`/config/sites/:id/analytics`): the same four answers as the host-scoped
 * `/api/analytics/*`, under the admin API where the editor's session lives, for everyone whose roles
 * allow `analytics.view` (the reporting role 3 among them). Registered on the root instance after the
 * site plugin, because `catchUp` belongs to that plugin's ingestion queue.
 */
export function registerAnalyticsAdminRoutes(app: FastifyInstance, deps: DashboardDeps): void {
  const answers = dashboardAnswers(deps);
  const guarded = { preHandler: requireSitePermission('analytics.view') };
  const route = (name: string, answer: (typeof answers)[keyof typeof answers]) =>
    app.get(`${ANALYTICS_ADMIN_PREFIX}/${name}`, guarded, async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return answer(
        await websiteById(deps.storage, accessedSite(request).websiteId, analyticsMessages.siteNotFound),
        request.query,
      );
    });
  route('summary', answers.summary);
  route('funnel', answers.funnel);
  route('web-vitals', answers.webVitals);
  route('errors', answers.errors);
}
