import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiStub, jsonResponse } from './api-stub.js';
import {
  CaptchaError,
  captchaToken,
  fetchCaptchaChallenge,
  leadingZeroBits,
  solveProofOfWork,
} from './captcha.js';

const zeroBits = (token: string) => leadingZeroBits(createHash('sha256').update(token).digest());

/** The server's side of the work, with node:crypto: the first nonce (base 36) that has enough zero bits. */
function expectedToken(challenge: string, difficulty: number): string {
  for (let n = 0; ; n++) {
    const token = `${challenge}:${n.toString(36)}`;
    if (zeroBits(token) >= difficulty) return token;
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('proof-of-work captcha in the browser', () => {
  it('R7.8.2 finds the same nonce the server-side search finds and the token verifies', async () => {
    const challenge = 'eyJ3IjoxfQ.sig-1';
    const token = await solveProofOfWork(challenge, 12);
    expect(token).toBe(expectedToken(challenge, 12));
    expect(token.startsWith(`${challenge}:`)).toBe(true);
    expect(zeroBits(token)).toBeGreaterThanOrEqual(12);
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
    // 4964 hashes for this challenge: about 78 batches of 64.
    const token = await solveProofOfWork('eyJ3IjoxfQ.sig-1', 12, { batchSize: 64 });
    solved = true;
    expect(token).toBe(expectedToken('eyJ3IjoxfQ.sig-1', 12));
    expect(digest).toHaveBeenCalledWith('SHA-256', expect.anything());
    expect(timerRanWhileSolving).toBe(true);
  });

  it('stops when the form gives up on it', async () => {
    const controller = new AbortController();
    const work = solveProofOfWork('eyJ3IjoxfQ.sig-2', 20, { batchSize: 16, signal: controller.signal });
    controller.abort();
    await expect(work).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses a difficulty no browser could meet', async () => {
    await expect(solveProofOfWork('x', 64)).rejects.toBeInstanceOf(CaptchaError);
  });

  it('R7.8.2 asks for a challenge for the action and returns a token for it', async () => {
    const api = apiStub({
      'GET /api/captcha/challenge': () =>
        jsonResponse({
          provider: 'proof-of-work',
          challenge: 'payload.signature',
          difficulty: 8,
          expiresAt: 5,
        }),
    });
    vi.stubGlobal('fetch', api.fetch);
    const result = await captchaToken('NEWSLETTER_BLOCK_SUBMISSION');
    expect(api.calls[0].url).toBe('/api/captcha/challenge?action=NEWSLETTER_BLOCK_SUBMISSION');
    expect(result).toEqual({ token: expectedToken('payload.signature', 8), expiresAt: 5 });
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
