import { CAPTCHA_TEXTS } from './texts.js';
import type { Captcha } from './use-captcha.js';

function statusText(captcha: Captcha): string | null {
  if (captcha.status === 'solving') return CAPTCHA_TEXTS.solving;
  if (captcha.status === 'ready') return CAPTCHA_TEXTS.ready;
  if (captcha.status === 'failed') return captcha.error;
  return null;
}

/** The captcha container of a form (spec 5): where the check reports how far it is. */
export function CaptchaContainer({ captcha, className }: { captcha: Captcha; className: string }) {
  return (
    <div className={`${className} captcha`} data-captcha-status={captcha.status} aria-live="polite">
      {statusText(captcha)}
    </div>
  );
}
