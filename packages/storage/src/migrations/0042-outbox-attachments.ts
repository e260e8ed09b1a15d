import type { Kysely, Migration } from 'kysely';

/*
 * Attachments of outbox mails by reference (issue 21): `email_outbox.attachments` holds JSON like
 * `[{ "kind": "invoice", "number": 42 }]`; the worker renders each file when it sends the mail, so the
 * outbox keeps no PDFs and an issued invoice is attached exactly as it downloads. NULL: no attachments.
 */
export const outboxAttachments: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('email_outbox').addColumn('attachments', 'text').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('email_outbox').dropColumn('attachments').execute();
  },
};
