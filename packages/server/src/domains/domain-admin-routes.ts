import { type SiteDomain, type Storage, StorageError } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AdminInputError, parseInput } from '../admin/admin-input.js';
import { refuseNulCharacters } from '../admin/catalog/text-guard.js';
import { accessedSite, requireSitePermission } from '../admin/permissions.js';
import { HttpError } from '../http-error.js';
import { domainMessages as m } from './domain-messages.js';
import {
  type DomainVerifier,
  isPlatformDomain,
  newVerificationToken,
  normalizeDomain,
  verificationName,
} from './domain-verification.js';

/*
 * The editor's "Domains" screen (site.settings): add an own domain, see the TXT record to create, "Prüfen"
 * looks it up, choose the primary (www or apex; the other answers with a 301), remove a domain.
 */

export interface DomainOptions {
  verifier: DomainVerifier;
  baseDomain: string;
  /** The hosts the editor runs on (demo hostnames): never an owner's domain. */
  editorHostnames: string[];
}

const MAX_DOMAINS = 10;

export const domainView = (d: SiteDomain) => ({
  domain: d.domain,
  verified: d.verifiedAt !== null,
  verifiedAt: d.verifiedAt,
  primary: d.primary,
  record: { type: 'TXT', name: verificationName(d.domain), value: d.token },
});

const refused = (error: unknown): never => {
  if (error instanceof StorageError) {
    const status = error.type === 'HOSTNAME_TAKEN' ? 409 : 400;
    throw new HttpError(status, error.type, error.message);
  }
  throw error;
};

export function registerDomainAdminRoutes(parent: FastifyInstance, storage: Storage, options: DomainOptions) {
  parent.register(async (admin) => {
    refuseNulCharacters(admin);
    const guard = { preHandler: requireSitePermission('site.settings') };
    const domainParam = (params: unknown) => {
      const { domain } = parseInput(z.object({ domain: z.string().max(300) }), params);
      const normalized = normalizeDomain(domain);
      if (!normalized) throw new HttpError(404, 'DOMAIN_NOT_FOUND', m.notFound);
      return normalized;
    };
    const listed = async (websiteId: string) => ({
      domains: (await storage.domains.list(websiteId)).map(domainView),
    });

    admin.get('/sites/:siteId/domains', guard, async (request) => listed(accessedSite(request).websiteId));

    admin.post('/sites/:siteId/domains', guard, async (request, reply) => {
      const { websiteId } = accessedSite(request);
      const input = parseInput(
        z.object({ domain: z.string({ error: m.domainInvalid }).max(300, m.domainInvalid) }),
        request.body,
      );
      const domain = normalizeDomain(input.domain);
      if (!domain) throw new AdminInputError(m.domainInvalid, { domain: m.domainInvalid });
      if (isPlatformDomain(domain, options.baseDomain, options.editorHostnames))
        throw new AdminInputError(m.platformDomain, { domain: m.platformDomain });
      if ((await storage.domains.list(websiteId)).length >= MAX_DOMAINS)
        throw new HttpError(409, 'TOO_MANY_DOMAINS', m.tooMany);
      const added = await storage.domains.add(websiteId, domain, newVerificationToken()).catch(refused);
      return reply.code(201).send({ domain: domainView(added), ...(await listed(websiteId)) });
    });

    admin.post('/sites/:siteId/domains/:domain/verify', guard, async (request) => {
      const { websiteId } = accessedSite(request);
      const domain = domainParam(request.params);
      const entry = (await storage.domains.list(websiteId)).find((d) => d.domain === domain);
      if (!entry) throw new HttpError(404, 'DOMAIN_NOT_FOUND', m.notFound);
      if (entry.verifiedAt === null) {
        const name = verificationName(domain);
        const lookup = await options.verifier.txt(name);
        if (lookup.outcome === 'unavailable') throw new HttpError(503, 'DNS_UNAVAILABLE', m.dnsUnavailable);
        if (lookup.outcome === 'none' || lookup.values.length === 0)
          throw new HttpError(400, 'TXT_RECORD_MISSING', m.recordMissing(name));
        if (!lookup.values.some((v) => v.trim() === entry.token))
          throw new HttpError(400, 'TXT_RECORD_WRONG', m.recordWrong(name));
      }
      // Also for a domain verified before: its hostname is written again should it be missing.
      if (!(await storage.domains.markVerified(websiteId, domain).catch(refused)))
        throw new HttpError(404, 'DOMAIN_NOT_FOUND', m.notFound);
      return listed(websiteId);
    });

    admin.post('/sites/:siteId/domains/:domain/primary', guard, async (request) => {
      const { websiteId } = accessedSite(request);
      const domain = domainParam(request.params);
      if (!(await storage.domains.setPrimary(websiteId, domain)))
        throw new HttpError(400, 'DOMAIN_NOT_VERIFIED', m.notVerified);
      return listed(websiteId);
    });

    admin.delete('/sites/:siteId/domains/:domain', guard, async (request) => {
      const { websiteId } = accessedSite(request);
      if (!(await storage.domains.remove(websiteId, domainParam(request.params))))
        throw new HttpError(404, 'DOMAIN_NOT_FOUND', m.notFound);
      return listed(websiteId);
    });
  });
}
