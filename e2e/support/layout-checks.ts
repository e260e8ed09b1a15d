import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The widths every storefront page and editor screen must fit: small phone to desktop. */
export const WIDTHS = [320, 390, 768, 1024, 1440] as const;

/**
 * What a visitor at the page's current width would notice, as readable lines (empty when it fits):
 * the page scrolls sideways (WCAG 1.4.10), or two pieces of visible text are drawn over each other.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  // Two frames: media queries and layout have settled after a viewport change.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(/\s+/)[0]}` : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      return `${el.tagName.toLowerCase()}${id}${cls}${text ? ` „${text}“` : ''}`;
    };
    const shown = (el: Element) =>
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true } as CheckVisibilityOptions);

    // 1. Sideways scrolling, with the outermost elements that stick out named.
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width) {
      const culprits = [...document.body.querySelectorAll('*')].filter((el) => {
        const r = el.getBoundingClientRect();
        const parent = el.parentElement?.getBoundingClientRect();
        return r.right > width + 0.5 && r.width > 0 && shown(el) && (!parent || parent.right <= width + 0.5);
      });
      problems.push(
        `scrollt seitlich (${scrollWidth} px Inhalt bei ${width} px): ${culprits.slice(0, 4).map(describe).join(', ')}`,
      );
    }

    // 2. Text over text. Each line box of visible text is clipped by its scrolling or clipping ancestors
    // (so visually hidden text and scrolled-away text do not count).
    interface Box {
      el: Element;
      left: number;
      right: number;
      top: number;
      bottom: number;
    }
    const clipOf = (el: Element) => {
      let box = { left: -Infinity, right: Infinity, top: -Infinity, bottom: Infinity };
      for (let a: Element | null = el; a && a !== document.documentElement; a = a.parentElement) {
        const style = getComputedStyle(a);
        const clips = style.overflowX !== 'visible' || style.overflowY !== 'visible' || style.clip !== 'auto';
        if (!clips) continue;
        const r = a.getBoundingClientRect();
        box = {
          left: Math.max(box.left, r.left),
          right: Math.min(box.right, r.right),
          top: Math.max(box.top, r.top),
          bottom: Math.min(box.bottom, r.bottom),
        };
      }
      return box;
    };
    const boxes: Box[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const el = node.parentElement;
      if (!el || !node.textContent?.trim() || !shown(el)) continue;
      if (el.closest('script, style, noscript, template')) continue;
      const clip = clipOf(el);
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        const b = {
          el,
          left: Math.max(r.left, clip.left),
          right: Math.min(r.right, clip.right),
          top: Math.max(r.top, clip.top),
          bottom: Math.min(r.bottom, clip.bottom),
        };
        if (b.right - b.left > 2 && b.bottom - b.top > 2) boxes.push(b);
      }
    }
    /** An element with its own background between `top` and the root paints over what lies beneath. */
    const covers = (top: Element, other: Element) => {
      for (let a: Element | null = top; a; a = a.parentElement) {
        if (a.contains(other)) return false;
        const bg = getComputedStyle(a).backgroundColor;
        if (bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg)) return true;
      }
      return false;
    };
    boxes.sort((a, b) => a.top - b.top);
    const reported = new Set<string>();
    for (let i = 0; i < boxes.length; i++) {
      const a = boxes[i]!;
      for (let j = i + 1; j < boxes.length && boxes[j]!.top < a.bottom; j++) {
        const b = boxes[j]!;
        if (a.el === b.el) continue;
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        // Neighbouring lines may touch; text drawn over text overlaps by a good part of a line.
        const lineHeight = Math.min(a.bottom - a.top, b.bottom - b.top);
        if (w <= 2 || h <= lineHeight * 0.4) continue;
        const hit = document.elementFromPoint(
          (Math.max(a.left, b.left) + Math.min(a.right, b.right)) / 2,
          (Math.max(a.top, b.top) + Math.min(a.bottom, b.bottom)) / 2,
        );
        // A dialog or banner with a background hides the text behind it: that is layering, not overlap.
        if (hit && (covers(hit, a.el) || covers(hit, b.el))) continue;
        const key = `${describe(a.el)} / ${describe(b.el)}`;
        if (reported.has(key)) continue;
        reported.add(key);
        problems.push(`Text überlappt: ${key}`);
      }
    }
    return problems;
  });
}

/**
 * Tap targets smaller than 24 × 24 px without the spacing that excuses them (WCAG 2.5.8), as axe's
 * target-size rule judges them: inline links in running text are exempt, as the criterion says.
 */
export async function smallTapTargets(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `zu kleines Tippziel: ${n.target.join(' ')}`));
}
