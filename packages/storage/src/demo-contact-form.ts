import type { Storage } from './open-storage.js';
import type { SiteForm } from './site-form-repository.js';

/** Fixed id so pages and tests of the demo can name the form. */
export const DEMO_CONTACT_FORM_ID = 'kontaktformular';

/**
 * The demo shop's contact form: one field of each compound kind a visitor meets most (name, address,
 * likert) besides email and message. Submissions are mailed to the demo owner's address, which lands as
 * an .eml file under DATA_DIR/mail when no SMTP server is configured.
 */
export function seedDemoContactForm(tx: Storage, websiteId: string): Promise<SiteForm> {
  return tx.forms.create(websiteId, {
    id: DEMO_CONTACT_FORM_ID,
    name: 'Kontakt',
    submissionMessage: 'Danke für deine Nachricht! Wir melden uns innerhalb von zwei Werktagen.',
    disclaimerMessage: 'Wir verwenden deine Angaben nur, um deine Anfrage zu beantworten.',
    captchaEnabled: true,
    notificationEmail: 'laden@demo.baukasten.localhost',
    fields: [
      { id: 'name', type: 'name', title: 'Name', required: true },
      { id: 'email', type: 'email', title: 'E-Mail-Adresse', required: true },
      { id: 'nachricht', type: 'textarea', title: 'Nachricht', required: true, maxLength: 2000 },
      {
        id: 'zufriedenheit',
        type: 'likert',
        title: 'Wie zufrieden bist du mit uns?',
        required: false,
        questions: ['Auswahl', 'Lieferung', 'Beratung'],
      },
      { id: 'adresse', type: 'address', title: 'Adresse (für Rückfragen per Post)', required: false },
    ],
  });
}
