import { useEffect, useState } from 'react';
import { CAPTCHA_TEXTS } from './texts.js';
import type { Captcha } from './use-captcha.js';

/** Spec 9: the captcha uses its compact size on screens narrower than this. */
export const CAPTCHA_COMPACT_BELOW_PX = 320;

export type CaptchaSize = 'compact' | 'normal';

export function captchaSize(viewportWidth: number): CaptchaSize {
  return viewportWidth < CAPTCHA_COMPACT_BELOW_PX ? 'compact' : 'normal';
}

function statusText(captcha: Captcha, size: CaptchaSize): string | null {
  const texts = size === 'compact' ? CAPTCHA_TEXTS.compact : CAPTCHA_TEXTS;
  if (captcha.status === 'solving') return texts.solving;
  if (captcha.status === 'ready') return texts.ready;
  if (captcha.status === 'failed') return captcha.error;
  return null;
}

/**
 * The size follows the window. The server renders the normal size (it knows no width), so the first
 * browser render matches it and the compact size comes with the effect right after hydration.
 */
function useCaptchaSize(): CaptchaSize {
  const [size, setSize] = useState<CaptchaSize>('normal');
  useEffect(() => {
    const update = () => setSize(captchaSize(window.innerWidth));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return size;
}

/** The captcha container of a form (spec 5): where the check reports how far it is. */
export function CaptchaContainer({ captcha, className }: { captcha: Captcha; className: string }) {
  const size = useCaptchaSize();
  return (
    <div
      className={`${className} captcha${size === 'compact' ? ' captcha--compact' : ''}`}
      data-captcha-status={captcha.status}
      data-captcha-size={size}
      aria-live="polite"
    >
      {statusText(captcha, size)}
    </div>
  );
}
