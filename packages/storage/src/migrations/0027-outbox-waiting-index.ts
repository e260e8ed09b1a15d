import { type Kysely, type Migration, sql } from 'kysely';

/*
 * Issue 19, item 10: the outbox keeps every mail ever sent, and its worker asks for due mails every two
 * seconds. The index of 0003 held every mail by (status, next_attempt_at); claiming read its 'pending' and
 * 'sending' ranges as a bitmap and sorted them, and on PostgreSQL every mail left two dead entries there on its
 * way from pending through sending to sent (status is indexed, so no update is HOT), which a bitmap scan reads
 * again on every poll until autovacuum comes (after a fifth of the table changed: the bigger the outbox, the
 * longer). Now only the mails still waiting are indexed, by due time: claiming walks that index in order and
 * stops after the batch, and PostgreSQL's index scan marks the entries it finds dead so later polls skip them.
 */
export const outboxWaitingIndex: Migration = {
  async up(db: Kysely<any>) {
    await sql`create index email_outbox_waiting on email_outbox (next_attempt_at)
      where status in ('pending', 'sending')`.execute(db);
    await db.schema.dropIndex('email_outbox_due').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema
      .createIndex('email_outbox_due')
      .on('email_outbox')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema.dropIndex('email_outbox_waiting').execute();
  },
};
