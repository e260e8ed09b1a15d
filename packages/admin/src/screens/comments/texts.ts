/* The German texts of the moderation screen (kept beside it; the shell's texts are in messages.ts). */

import type { CommentStatus } from './comments-api.js';

export const K = {
  title: 'Kommentare',
  intro: 'Kommentare von Besuchern erscheinen erst, wenn du sie freigibst.',
  filter: 'Welche Kommentare',
  tabs: { pending: 'Wartend', approved: 'Freigegeben', rejected: 'Abgelehnt' } as Record<
    CommentStatus,
    string
  >,
  none: {
    pending: 'Keine Kommentare warten auf Freigabe.',
    approved: 'Noch keine freigegebenen Kommentare.',
    rejected: 'Keine abgelehnten Kommentare.',
  } as Record<CommentStatus, string>,
  count: (n: number) => (n === 1 ? '1 Kommentar' : `${n} Kommentare`),
  on: 'zu',
  unknownPage: 'einer gelöschten Seite',
  reply: 'Antwort auf einen Kommentar',
  approve: (name: string) => `Freigeben (${name})`,
  reject: (name: string) => `Ablehnen (${name})`,
  approveLabel: 'Freigeben',
  rejectLabel: 'Ablehnen',
  approved: (name: string) => `Der Kommentar von ${name} ist freigegeben.`,
  rejected: (name: string) => `Der Kommentar von ${name} ist abgelehnt.`,
} as const;
