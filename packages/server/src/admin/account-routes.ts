import { AccountEmailTaken, normaliseEmail, type Storage } from '@baukasten/storage';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type DemoOwnerAccess, demoOwnerSignIn } from '../demo-owner.js';
import { HttpError } from '../http-error.js';
import type { RateLimiter } from '../rate-limit.js';
import { hostnameFromHeader } from '../tenant.js';
import { AdminInputError, parseInput, passwordChangeInput, signInInput, signUpInput } from './admin-input.js';
import { adminMessages } from './admin-messages.js';
import { accountView, memberSiteView } from './admin-views.js';
import { hashPassword, PASSWORD_MAX_LENGTH, verifyAgainstNothing, verifyPassword } from './passwords.js';
import { requireAccount, signedInAccount } from './permissions.js';
import { OWNER_VERIFY_VALID_HOURS, ownerEmailTakenEmail, ownerVerificationEmail } from './sign-up-emails.js';

export interface AccountRouteDeps {
  storage: Storage;
  /** Sign-in attempts (and password-change attempts) per email address. */
  signInByEmail: RateLimiter;
  /** Sign-in attempts per client address. */
  signInByIp: RateLimiter;
  /** New accounts per client address: each costs an argon2 hash. */
  signUpByIp: RateLimiter;
  /** Where the demo shop's local owner may sign in; without it, nowhere (demo-owner.ts). */
  demoOwner?: DemoOwnerAccess;
}

/** The editor screen a sign-up mail's link opens; it hands the token to POST /accounts/verify. */
export const OWNER_VERIFY_PATH = '/config/konto-bestaetigen';
const VERIFY_TTL_MS = OWNER_VERIFY_VALID_HOURS * 3_600_000;

/** Where the editor goes on after the link (e.g. a waiting invitation): a path inside /config only. */
const editorReturnPath = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length <= 500 && /^\/config(\/|$|\?)/.test(value) ? value : undefined;

const tooManySignIns = () => new HttpError(429, 'TOO_MANY_SIGN_INS', adminMessages.tooManySignIns);
const wrongCredentials = () => new HttpError(401, 'WRONG_CREDENTIALS', adminMessages.wrongCredentials);

/** Sign up, sign in and out, who am I, change password. Mounted under /api/admin. */
export function registerAccountRoutes(admin: FastifyInstance, deps: AccountRouteDeps) {
  const { storage } = deps;

  const sessionAnswer = async (request: FastifyRequest, account: Parameters<typeof accountView>[0]) => ({
    account: accountView(account),
    sites: (await storage.siteMembers.sitesOf(account.id)).map((site) => memberSiteView(request, site)),
  });

  /*
   * Sign-up (security review #18): a new and a taken address get the same answer, 202 without a session,
   * after the same work (the password is hashed either way). What differs goes to the mailbox: a new
   * address gets the link that makes the account (POST /accounts/verify), the holder of a taken one a
   * note that someone tried. Signing up again before confirming sends another link; each link carries
   * the password it was asked with, so a stranger's sign-up cannot set the password that is activated.
   */
  admin.post('/accounts', async (request, reply: FastifyReply) => {
    if (!(await deps.signUpByIp.hit(request.ip)))
      throw new HttpError(429, 'TOO_MANY_SIGN_UPS', adminMessages.tooManySignUps);
    const input = parseInput(signUpInput, request.body);
    const returnTo = editorReturnPath((request.body as { returnTo?: unknown } | undefined)?.returnTo);
    const passwordHash = await hashPassword(input.password);
    const editor = request.server.editorBaseUrl;
    await storage.transaction(async (tx) => {
      const holder = await tx.accounts.findByEmail(input.email);
      if (holder) {
        await tx.outbox.enqueuePlatform(
          ownerEmailTakenEmail({
            to: holder.email,
            name: holder.name,
            signInUrl: `${editor}/config/anmelden`,
          }),
        );
        return;
      }
      const token = await tx.signUps.startOwner(
        { email: input.email, name: input.name, passwordHash },
        { ttlMs: VERIFY_TTL_MS },
      );
      const link = new URLSearchParams({ token, ...(returnTo ? { weiter: returnTo } : {}) });
      await tx.outbox.enqueuePlatform(
        ownerVerificationEmail({
          to: normaliseEmail(input.email),
          name: input.name.trim(),
          url: `${editor}${OWNER_VERIFY_PATH}?${link}`,
        }),
      );
    });
    return reply.code(202).send({ checkMail: true, message: adminMessages.checkMail });
  });

  /** The sign-up mail's link: makes the account with the password it was asked with and signs in, once. */
  admin.post('/accounts/verify', async (request, reply: FastifyReply) => {
    const token = (request.body as { token?: unknown } | undefined)?.token;
    const linkInvalid = () => new HttpError(410, 'LINK_INVALID', adminMessages.signUpLinkInvalid);
    let account: Awaited<ReturnType<Storage['accounts']['create']>> | undefined;
    try {
      account = await storage.transaction(async (tx) => {
        const pending = await tx.signUps.takeOwner(typeof token === 'string' ? token : '');
        // A second link for the same address after the first made the account: nothing more to make.
        if (!pending || (await tx.accounts.findByEmail(pending.email))) return undefined;
        return tx.accounts.create(pending);
      });
    } catch (error) {
      // Two links of one address opened at the same moment: the other one made the account.
      if (error instanceof AccountEmailTaken) throw linkInvalid();
      throw error;
    }
    if (!account) throw linkInvalid();
    await request.server.adminAuth.start(request, reply, account);
    return reply.code(201).send(await sessionAnswer(request, account));
  });

  admin.post('/session', async (request, reply) => {
    const input = parseInput(signInInput, request.body);
    // Both limits count every attempt: one guessing many passwords for one address, and one
    // trying one password against many addresses.
    const [byEmail, byIp] = await Promise.all([
      deps.signInByEmail.hit(input.email),
      deps.signInByIp.hit(request.ip),
    ]);
    if (!byEmail || !byIp) throw tooManySignIns();
    if (input.password.length > PASSWORD_MAX_LENGTH) throw wrongCredentials();
    // The demo owner's password is public: it is good on the demo hosts only. Saying so reveals nothing,
    // the address is in the README. Switched off, the account is answered like an unknown one.
    const demo = demoOwnerSignIn(input.email, hostnameFromHeader(request.headers.host), deps.demoOwner);
    if (demo === 'other host')
      throw new HttpError(403, 'DEMO_OWNER_ELSEWHERE', adminMessages.demoOwnerElsewhere);
    if (demo === 'switched off') {
      await verifyAgainstNothing(input.password);
      throw wrongCredentials();
    }
    const account = await storage.accounts.findByEmail(input.email);
    const passwordHash = account ? await storage.accounts.passwordHashOf(account.id) : undefined;
    const valid = passwordHash
      ? await verifyPassword(passwordHash, input.password)
      : await verifyAgainstNothing(input.password);
    if (!account || !valid) throw wrongCredentials();
    await request.server.adminAuth.start(request, reply, account);
    return sessionAnswer(request, account);
  });

  admin.delete('/session', async (request, reply) => {
    await request.server.adminAuth.end(request, reply);
    return { signedIn: false };
  });

  admin.get('/session', { preHandler: requireAccount }, async (request) =>
    sessionAnswer(request, signedInAccount(request)),
  );

  admin.post('/account/password', { preHandler: requireAccount }, async (request) => {
    const account = signedInAccount(request);
    const input = parseInput(passwordChangeInput, request.body);
    // A stolen session must not become a way to guess the password without limit.
    if (!(await deps.signInByEmail.hit(account.email))) throw tooManySignIns();
    const stored = await storage.accounts.passwordHashOf(account.id);
    if (
      input.currentPassword.length > PASSWORD_MAX_LENGTH ||
      !stored ||
      !(await verifyPassword(stored, input.currentPassword))
    )
      throw new AdminInputError(adminMessages.wrongCurrentPassword, {
        currentPassword: adminMessages.wrongCurrentPassword,
      });
    if (input.newPassword === input.currentPassword)
      throw new AdminInputError(adminMessages.samePassword, { newPassword: adminMessages.samePassword });
    await storage.accounts.setPasswordHash(account.id, await hashPassword(input.newPassword));
    // Whoever else knew the old password is signed out everywhere; this browser stays signed in.
    const endedSessions = await storage.accounts.endOtherSessions(
      account.id,
      request.server.adminAuth.tokenOf(request),
    );
    return { changed: true, endedSessions };
  });
}
