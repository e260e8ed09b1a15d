// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { renderIsland } from './server-render.js';

describe('island roots on one page', () => {
  it('give each island its own id prefix, so a label never names another form’s field (/kontakt audit)', () => {
    document.body.innerHTML =
      renderIsland('newsletter-block', { title: 'Newsletter' }) +
      renderIsland('newsletter-block', { title: 'Neuigkeiten aus der Werkstatt' });
    const inputs = [...document.querySelectorAll('input[type="email"]')];
    expect(inputs).toHaveLength(2);
    const ids = inputs.map((input) => input.id);
    expect(new Set(ids).size).toBe(2);
    for (const input of inputs) {
      // Each field is named by its own label, found inside its own island.
      const label = document.querySelector(`label[for="${input.id}"]`);
      expect(label?.closest('[data-island]')).toBe(input.closest('[data-island]'));
    }
  });
});
