import { DEMO_CONTACT_FORM_ID, type Storage, seedDemoShop } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { ProofOfWorkCaptcha, solveProofOfWork } from './captcha.js';

const HOST = 'demo-kontakt.test';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  const captcha = new ProofOfWorkCaptcha({ difficulty: 4 });

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    await seedDemoShop(storage, { hostnames: [HOST] });
    app = await buildApp({ storage, logLevel: 'silent', visitorForms: { captcha } });
  });
  afterAll(async () => {
    await app?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      // The visitor's crumb, echoed as the form island echoes it.
      headers: {
        host: HOST,
        cookie: 'crumb=kontakt-krume-kontakt-kr',
        'x-csrf-token': 'kontakt-krume-kontakt-kr',
      },
      ...(payload ? { payload } : {}),
    });

  it('R1.3.3 the demo shop has a contact form a visitor can send, with its owner mail queued', async () => {
    const form = (await call('GET', `/api/rest/forms/${DEMO_CONTACT_FORM_ID}`)).json();
    expect(form.fields.map((f: { type: string }) => f.type)).toEqual([
      'name',
      'email',
      'textarea',
      'likert',
      'address',
    ]);
    expect(form).not.toHaveProperty('notificationEmail');
    const challenge = (await call('GET', '/api/captcha/challenge?action=FORM_BLOCK_SUBMISSION')).json();
    const key = (await call('POST', '/api/form/FormSubmissionKey')).json().data.key;
    const res = await call('POST', '/api/form/SaveFormSubmission', {
      key,
      formId: DEMO_CONTACT_FORM_ID,
      captchaKey: await solveProofOfWork(challenge.challenge),
      form: JSON.stringify({
        name: { First: 'Erika', Last: 'Mustermann' },
        email: 'erika@example.de',
        nachricht: 'Habt ihr die Tasse auch in Grün?',
        zufriedenheit: { Auswahl: '1' },
        adresse: {},
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.submissionMessage).toContain('Danke für deine Nachricht!');
    const website = (await storage.websites.findByHostname(HOST))!;
    const [mail] = await storage.outbox.listByWebsite(website.id, { kind: 'form-notification' });
    expect(mail?.text).toContain('Nachricht: Habt ihr die Tasse auch in Grün?');
    expect(mail?.text).toContain('Adresse (für Rückfragen per Post): N/A');
  });
});
