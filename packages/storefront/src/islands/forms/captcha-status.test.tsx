// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { CaptchaContainer } from './captcha-status.js';
import type { Captcha } from './use-captcha.js';

const solving = { enabled: true, status: 'solving', error: null } as unknown as Captcha;
const ready = { enabled: true, status: 'ready', error: null } as unknown as Captcha;
const initialWidth = window.innerWidth;

function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

afterEach(() => {
  cleanup();
  resizeTo(initialWidth);
});

describe('captcha container', () => {
  it('R9.4.3 uses the compact size below 320 px width, and the normal size from 320 px on', () => {
    resizeTo(319);
    const { container, rerender } = render(
      <CaptchaContainer captcha={solving} className="form-block__captcha" />,
    );
    const box = container.querySelector('.form-block__captcha')!;
    expect(box.getAttribute('data-captcha-size')).toBe('compact');
    expect(box.classList.contains('captcha--compact')).toBe(true);
    expect(box.textContent).toBe('Prüfung läuft …');
    rerender(<CaptchaContainer captcha={ready} className="form-block__captcha" />);
    expect(box.textContent).toBe('Geprüft');

    act(() => resizeTo(320));
    expect(box.getAttribute('data-captcha-size')).toBe('normal');
    expect(box.classList.contains('captcha--compact')).toBe(false);
    expect(box.textContent).toBe('Sicherheitsprüfung abgeschlossen');
  });

  it('R9.4.3 the server renders the normal size, which it cannot measure', () => {
    resizeTo(300);
    const html = renderToString(<CaptchaContainer captcha={solving} className="restock-form__captcha" />);
    expect(html).toContain('data-captcha-size="normal"');
    expect(html).toContain('Sicherheitsprüfung läuft …');
  });
});
