import type { Website } from '@baukasten/storage';
import { describe, expect, it } from 'vitest';
import { captchaTokenOf, ProofOfWorkCaptcha, solveProofOfWork } from './captcha.js';

/* The built-in captcha on ALTCHA's protocol: what a token proves, and what it does not. */

const site = (id: string) => ({ id }) as Website;
const decode = (token: string) => JSON.parse(Buffer.from(token, 'base64').toString('utf8'));

describe('proof-of-work captcha (ALTCHA)', () => {
  it('R7.8.2 accepts a solved challenge once, for its website and action only', async () => {
    const captcha = new ProofOfWorkCaptcha({ difficulty: 8 });
    const challenge = await captcha.challenge(site('w1'), 'FORM_BLOCK_SUBMISSION');
    expect(challenge).toMatchObject({ provider: 'proof-of-work', difficulty: 8 });
    if (challenge.provider !== 'proof-of-work') throw new Error('expected proof of work');
    expect(challenge.challenge.parameters).toMatchObject({ algorithm: 'SHA-256', keyPrefix: '00' });
    const token = await solveProofOfWork(challenge.challenge);
    expect(await captcha.verify(site('w2'), 'FORM_BLOCK_SUBMISSION', token)).toBe(false);
    expect(await captcha.verify(site('w1'), 'NEWSLETTER_BLOCK_SUBMISSION', token)).toBe(false);
    expect(await captcha.verify(site('w1'), 'FORM_BLOCK_SUBMISSION', token)).toBe(true);
    // Replayed: spent.
    expect(await captcha.verify(site('w1'), 'FORM_BLOCK_SUBMISSION', token)).toBe(false);
  });

  it('R7.8.2 refuses a challenge whose signed words were changed, an expired one and junk', async () => {
    let now = Date.now();
    const captcha = new ProofOfWorkCaptcha({ difficulty: 4, now: () => now });
    const issued = await captcha.challenge(site('w1'), 'FORM_BLOCK_SUBMISSION');
    if (issued.provider !== 'proof-of-work') throw new Error('expected proof of work');
    const { challenge, solution } = decode(await solveProofOfWork(issued.challenge));
    // Moved to another website by hand: the signature no longer fits.
    const moved = {
      ...challenge,
      parameters: { ...challenge.parameters, data: { website: 'w2', action: 'FORM_BLOCK_SUBMISSION' } },
    };
    expect(await captcha.verify(site('w2'), 'FORM_BLOCK_SUBMISSION', captchaTokenOf(moved, solution))).toBe(
      false,
    );
    // The work of another counter does not count.
    const wrongKey = { counter: solution.counter, derivedKey: `1${solution.derivedKey.slice(1)}` };
    expect(
      await captcha.verify(site('w1'), 'FORM_BLOCK_SUBMISSION', captchaTokenOf(challenge, wrongKey)),
    ).toBe(false);
    for (const junk of ['', 'x:y', 'e30=', 42, null, 'a'.repeat(5000)])
      expect(await captcha.verify(site('w1'), 'FORM_BLOCK_SUBMISSION', junk)).toBe(false);
    now += 11 * 60_000;
    expect(
      await captcha.verify(site('w1'), 'FORM_BLOCK_SUBMISSION', captchaTokenOf(challenge, solution)),
    ).toBe(false);
  });
});
