// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { islandElement, ownRootElement, useIslandId } from './island-id.js';

afterEach(cleanup);

function Field({ label }: { label: string }) {
  const id = useIslandId();
  return (
    <p>
      <label htmlFor={id}>{label}</label>
      <input id={id} />
    </p>
  );
}

function Form({ later }: { later?: boolean }) {
  const [more, setMore] = useState(false);
  return (
    <form>
      <Field label="E-Mail" />
      <Field label="Name" />
      {(later || more) && <Field label="Nachricht" />}
      <button type="button" onClick={() => setMore(true)}>
        Mehr
      </button>
    </form>
  );
}

const ids = (html: string) => [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);

describe('ids of an island', () => {
  it('are the same in the server HTML and in the browser, whichever renderer counts', () => {
    const server = ids(renderToString(islandElement(Form, {}, 'form-block-1x-')));
    const { container } = render(islandElement(Form, {}, 'form-block-1x-'));
    expect(server).toEqual(['form-block-1x-0', 'form-block-1x-1']);
    expect([...container.querySelectorAll('input')].map((input) => input.id)).toEqual(server);
  });

  it('keep two islands of one page apart, and fields added later get ids of their own', () => {
    const { container } = render(
      <>
        {islandElement(Form, {}, 'form-block-1x-')}
        {islandElement(Form, {}, 'newsletter-block-2y-')}
      </>,
    );
    act(() => container.querySelector('button')?.click());
    const all = [...container.querySelectorAll('input')].map((input) => input.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain('form-block-1x-2');
    for (const label of container.querySelectorAll('label'))
      expect(container.querySelector(`#${CSS.escape(label.htmlFor)}`)?.closest('p')).toBe(label.closest('p'));
  });

  it('differ between roots the browser opens itself (dialogs, the cookie banner)', () => {
    const first = render(ownRootElement(<Form later />)).container;
    const second = render(ownRootElement(<Form later />)).container;
    const firstIds = [...first.querySelectorAll('input')].map((input) => input.id);
    const secondIds = [...second.querySelectorAll('input')].map((input) => input.id);
    expect(firstIds.filter((id) => secondIds.includes(id))).toEqual([]);
  });
});
