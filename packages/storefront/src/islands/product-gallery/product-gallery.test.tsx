// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductGallery, type ProductGalleryImage } from './product-gallery.js';

const image = (name: string, alt: string): ProductGalleryImage => ({
  src: `/assets/demo/${name}.svg`,
  srcset: `/assets/demo/${name}.svg?format=500w 500w`,
  sizes: '100vw',
  alt,
  caption: '',
  width: 1200,
  height: 1200,
  objectPosition: '50% 50%',
});
const images = [image('vorne', 'Vorderseite'), image('hinten', 'Rückseite')];
const mainImage = () => document.querySelector<HTMLImageElement>('.product-gallery__main img')!;

describe('ProductGallery (issue 22)', () => {
  afterEach(cleanup);

  it('without JavaScript the main image and the thumbnails link to the pictures', () => {
    const html = renderToString(<ProductGallery title="Shirt" images={images} />);
    expect(html).toContain('href="/assets/demo/hinten.svg"');
    expect(html).not.toContain('<button');
  });

  it('a thumbnail shows its picture and is marked as the one shown', () => {
    render(<ProductGallery title="Shirt" images={images} />);
    fireEvent.click(screen.getByRole('button', { name: 'Bild 2 von 2 zeigen' }));
    expect(mainImage().alt).toBe('Rückseite');
    expect(screen.getByRole('button', { name: 'Bild 2 von 2 zeigen' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('a swipe to the left shows the next picture; a tap opens the lightbox', () => {
    render(<ProductGallery title="Shirt" images={images} />);
    const main = document.querySelector('.product-gallery__main')!;
    fireEvent.pointerDown(main, { clientX: 300 });
    fireEvent.pointerUp(main, { clientX: 100 });
    fireEvent.click(main);
    expect(mainImage().alt).toBe('Rückseite');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(main);
    expect(screen.getByRole('dialog').getAttribute('aria-label')).toBe('Shirt – Großansicht');
  });
});
