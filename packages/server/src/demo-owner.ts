import { type DemoOwner, normaliseEmail } from '@baukasten/storage';
import { hashPassword } from './admin/passwords.js';

/*
 * The demo shop's local owner: an account seeded together with the demo (config.demoOwner), so a newcomer
 * can open the editor on the demo right after `npm start` with the sign-in it prints. Its password is
 * fixed and public (README), which is why the account is good for nothing but the demo: it may sign in
 * only on the demo hosts (DEMO_HOSTNAMES), not at all while config.demoOwner is off, and it is never
 * seeded with NODE_ENV=production unless DEMO_OWNER=true is set explicitly.
 */

export const DEMO_OWNER_EMAIL = 'demo@baukasten.localhost';
export const DEMO_OWNER_PASSWORD = 'baukasten-demo';
const DEMO_OWNER_NAME = 'Demo-Inhaber';

/** What seedDemoShop needs to create the account; hashing only happens when it does. */
export const demoOwnerSeed = (): DemoOwner => ({
  email: DEMO_OWNER_EMAIL,
  name: DEMO_OWNER_NAME,
  passwordHash: () => hashPassword(DEMO_OWNER_PASSWORD),
});

export interface DemoOwnerAccess {
  /** config.demoOwner: the demo owner exists on purpose on this server. */
  enabled: boolean;
  /** config.demoHostnames, lower case. */
  hostnames: readonly string[];
}

/**
 * May this email sign in on a request for `hostname`? Every account but the demo owner may; the demo owner
 * only where the demo answers ('other host' otherwise), and not at all while the server has it switched
 * off ('switched off', answered like an unknown account). The Host header is the client's word, so this
 * alone would not keep a public server safe: that is why production never has the account without
 * DEMO_OWNER=true.
 */
export function demoOwnerSignIn(
  email: string,
  hostname: string | undefined,
  access: DemoOwnerAccess | undefined,
): 'allowed' | 'other host' | 'switched off' {
  if (normaliseEmail(email) !== DEMO_OWNER_EMAIL) return 'allowed';
  if (!access?.enabled) return 'switched off';
  return hostname !== undefined && access.hostnames.includes(hostname) ? 'allowed' : 'other host';
}
