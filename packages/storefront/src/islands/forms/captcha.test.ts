import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { altchaChallenge, apiStub, derivedKey, jsonResponse, provenBits, tokenPayload } from './api-stub.js';
import { CaptchaError, captchaToken, fetchCaptchaChallenge, solveProofOfWork } from './captcha.js';

/** The search done with node:crypto: the first counter whose key has enough zero bits. */
function expectedCounter(challenge: ReturnType<typeof altchaChallenge>): number {
  const prefix = challenge.parameters.keyPrefix;
  for (let counter = 0; ; counter++) if (derivedKey(challenge, counter).startsWith(prefix)) return counter;
}

afterEach(() => vi.unstubAllGlobals());

describe('proof-of-work captcha in the browser (ALTCHA v2)', () => {
  it('R7.8.2 finds the counter the server-side derivation finds and sends ALTCHA’s payload', async () => {
    const challenge = altchaChallenge('sig-1', 12);
    const token = await solveProofOfWork(challenge);
    const { challenge: sent, solution } = tokenPayload(token);
    // The challenge goes back exactly as signed, with the first counter that does the work.
    expect(sent).toEqual(challenge);
    expect(solution).toEqual({
      counter: expectedCounter(challenge),
      derivedKey: derivedKey(challenge, solution.counter),
    });
    expect(provenBits(token)).toBeGreaterThanOrEqual(12);
  });

  it('gives the event loop turns between batches, so the page does not freeze', async () => {
    // A digest that answers at once (as a fast machine might) would otherwise keep the loop to itself.
    const digest = vi.fn(async (_algorithm: string, data: Uint8Array) => {
      const hash = createHash('sha256').update(data).digest();
      return hash.buffer.slice(hash.byteOffset, hash.byteOffset + hash.byteLength);
    });
    vi.stubGlobal('crypto', { subtle: { digest } });
    let solved = false;
    let timerRanWhileSolving = false;
    setTimeout(() => {
      timerRanWhileSolving = !solved;
    }, 0);
    const challenge = altchaChallenge('sig-1', 12);
    const token = await solveProofOfWork(challenge, { batchSize: 64 });
    solved = true;
    expect(tokenPayload(token).solution.counter).toBe(expectedCounter(challenge));
    // More than one batch of 64 was needed, so the timer shows the loop was given back.
    expect(expectedCounter(challenge)).toBeGreaterThan(64);
    expect(digest).toHaveBeenCalledWith('SHA-256', expect.anything());
    expect(timerRanWhileSolving).toBe(true);
  });

  it('stops when the form gives up on it', async () => {
    const controller = new AbortController();
    const work = solveProofOfWork(altchaChallenge('sig-2', 20), { batchSize: 16, signal: controller.signal });
    controller.abort();
    await expect(work).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses a difficulty no browser could meet, and challenges it cannot read', async () => {
    await expect(solveProofOfWork(altchaChallenge('x', 64))).rejects.toBeInstanceOf(CaptchaError);
    const scrypt = altchaChallenge('x', 4);
    scrypt.parameters.algorithm = 'SCRYPT';
    await expect(solveProofOfWork(scrypt)).rejects.toBeInstanceOf(CaptchaError);
    const broken = altchaChallenge('x', 4);
    broken.parameters.salt = 'kein hex';
    await expect(solveProofOfWork(broken)).rejects.toBeInstanceOf(CaptchaError);
  });

  it('R7.8.2 asks for a challenge for the action and returns a token for it', async () => {
    const api = apiStub({
      'GET /api/captcha/challenge': () =>
        jsonResponse({
          provider: 'proof-of-work',
          challenge: altchaChallenge('payload.signature', 8),
          difficulty: 8,
          expiresAt: 5,
        }),
    });
    vi.stubGlobal('fetch', api.fetch);
    const result = await captchaToken('NEWSLETTER_BLOCK_SUBMISSION');
    expect(api.calls[0].url).toBe('/api/captcha/challenge?action=NEWSLETTER_BLOCK_SUBMISSION');
    expect(result.expiresAt).toBe(5);
    expect(tokenPayload(result.token).challenge.signature).toBe('payload.signature');
    expect(provenBits(result.token)).toBeGreaterThanOrEqual(8);
  });

  it('R8.3.5 passes on the server text when the challenge is refused (missing site key)', async () => {
    vi.stubGlobal(
      'fetch',
      apiStub({
        'GET /api/captcha/challenge': () =>
          jsonResponse(
            { error: { type: 'CAPTCHA_UNAVAILABLE', message: 'Enterprise V3 ReCaptcha site key not found' } },
            400,
          ),
      }).fetch,
    );
    await expect(fetchCaptchaChallenge('PRODUCT_WAITLIST_SUBMISSION')).rejects.toThrow(
      'Enterprise V3 ReCaptcha site key not found',
    );
  });

  it('R8.4.7 reports an unreachable challenge as an incomplete captcha', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    await expect(fetchCaptchaChallenge('FORM_BLOCK_SUBMISSION')).rejects.toThrow(
      'Bitte bestätige, dass du kein Roboter bist.',
    );
  });
});
