import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

const ADMIN_DIST = fileURLToPath(new URL('../../admin/dist/', import.meta.url));

/**
 * The site owner's editor: a single-page app under /config (spec 2: paths containing /config are the
 * owner's editing context) on the /api/admin JSON API. The page is only a shell; everything it shows comes
 * from the API, which checks every permission itself. Without a built editor the shell says so in German.
 */
export async function registerConfigApp(app: FastifyInstance): Promise<void> {
  let bundle: { js: string; css: string | null } | undefined;
  const files = new Map<string, { type: string; body: Buffer }>();
  try {
    bundle = JSON.parse(await readFile(`${ADMIN_DIST}config.json`, 'utf8'));
    for (const name of [bundle!.js, bundle!.css].filter((n): n is string => Boolean(n))) {
      const type = name.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8';
      files.set(name, { type, body: await readFile(ADMIN_DIST + name) });
    }
  } catch {
    bundle = undefined;
  }

  const shell = bundle
    ? `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Baukasten – Website bearbeiten</title>${
        bundle.css ? `<link rel="stylesheet" href="/config-assets/${bundle.css}">` : ''
      }<script type="module" src="/config-assets/${bundle.js}"></script></head><body><div id="config-app"><p>Der Editor wird geladen …</p></div><noscript>Der Editor braucht JavaScript.</noscript></body></html>`
    : '<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Baukasten</title></head><body><p>Der Editor ist noch nicht gebaut: bitte „npm run build“ ausführen.</p></body></html>';

  const sendShell = async (_request: unknown, reply: import('fastify').FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // Same answer as the policy's frame-ancestors 'self' (security-headers.ts), for browsers without CSP:
      // the editor may be framed by nothing but itself (security review #18, finding 7).
      .header('x-frame-options', 'SAMEORIGIN')
      .code(bundle ? 200 : 503)
      .send(shell);
  app.get('/config', sendShell);
  app.get('/config/*', sendShell);
  app.get<{ Params: { name: string } }>('/config-assets/:name', async (request, reply) => {
    const file = files.get(request.params.name);
    if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Nicht gefunden');
    return reply
      .type(file.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.body);
  });
}
