// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GalleryIsland, type GalleryIslandProps } from './gallery.js';
import { SWIPE_DISTANCE_PX } from './lightbox.js';
import { VideoOverlay } from './video-overlay.js';

const images = ['Werkbank', 'Töpferscheibe', 'Brennofen'].map((name) => ({
  src: `/assets/demo/${name}.svg`,
  srcset: `/assets/demo/${name}.svg?format=300w 300w`,
  alt: name,
  caption: `Bild der ${name}`,
  width: 800,
  height: 600,
}));

const props = (overrides: Partial<GalleryIslandProps> = {}): GalleryIslandProps => ({
  galleryId: 'galerie-1',
  label: 'Werkstatt',
  design: 'grid',
  autoplay: false,
  autoplayDurationMs: 5000,
  lightbox: true,
  lightboxTheme: 'dark',
  images,
  ...overrides,
});

/** The theme's gallery markup around the island, as the server renders it. */
function mount(p: GalleryIslandProps) {
  const gallery = document.createElement('div');
  gallery.id = p.galleryId;
  gallery.innerHTML = images
    .map((img, i) => `<a href="${img.src}" data-lightbox-index="${i}"><img alt="${img.alt}"></a>`)
    .join('');
  document.body.append(gallery);
  const root = document.createElement('div');
  gallery.append(root);
  render(<GalleryIsland {...p} />, { container: root });
  return gallery;
}

const position = () => document.querySelector('.lightbox__position')?.textContent;
const key = (k: string) => fireEvent.keyDown(document, { key: k });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('gallery lightbox', () => {
  it('R1.3.5 opens on the clicked picture and moves with the arrow keys; Escape closes and gives focus back', () => {
    const gallery = mount(props());
    const tile = gallery.querySelector<HTMLAnchorElement>('[data-lightbox-index="1"]')!;
    fireEvent.click(tile);
    expect(screen.getByRole('dialog', { name: 'Werkstatt – Großansicht' })).toBeTruthy();
    expect(position()).toBe('Bild 2 von 3');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Schließen');
    key('ArrowRight');
    expect(position()).toBe('Bild 3 von 3');
    key('ArrowRight');
    expect(position()).toBe('Bild 1 von 3');
    key('ArrowLeft');
    expect(position()).toBe('Bild 3 von 3');
    key('Home');
    expect(screen.getByRole('dialog').querySelector('img')?.getAttribute('alt')).toBe('Werkbank');
    key('Escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(tile);
  });

  it('moves with a swipe and ignores a small drag', () => {
    const gallery = mount(props());
    fireEvent.click(gallery.querySelector('[data-lightbox-index="0"]')!);
    const figure = document.querySelector('.lightbox__figure')!;
    fireEvent.pointerDown(figure, { clientX: 300 });
    fireEvent.pointerUp(figure, { clientX: 300 - SWIPE_DISTANCE_PX - 10 });
    expect(position()).toBe('Bild 2 von 3');
    fireEvent.pointerDown(figure, { clientX: 300 });
    fireEvent.pointerUp(figure, { clientX: 320 });
    expect(position()).toBe('Bild 2 von 3');
    fireEvent.pointerDown(figure, { clientX: 100 });
    fireEvent.pointerUp(figure, { clientX: 400 });
    expect(position()).toBe('Bild 1 von 3');
  });

  it('R9.5.11 starts an image taller than the window 50 px below the top', () => {
    const gallery = mount(props());
    window.innerHeight = 400;
    window.innerWidth = 800;
    fireEvent.click(gallery.querySelector('[data-lightbox-index="0"]')!);
    const figure = document.querySelector<HTMLElement>('.lightbox__figure')!;
    expect(figure.style.marginTop).toBe('50px');
  });

  it('leaves tiles alone when the gallery has no lightbox', () => {
    const gallery = mount(props({ lightbox: false }));
    fireEvent.click(gallery.querySelector('[data-lightbox-index="0"]')!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers to stop a playing slideshow and to play it again', () => {
    vi.useFakeTimers();
    mount(props({ design: 'slideshow', autoplay: true }));
    const button = screen.getByRole('button', { name: 'Diashow anhalten' });
    act(() => {
      fireEvent.click(button);
    });
    expect(screen.getByRole('button', { name: 'Diashow abspielen' })).toBeTruthy();
  });
});

describe('video overlay', () => {
  it('R3.20.1 shows the overlay image until the visitor asks for the player', () => {
    render(
      <VideoOverlay
        title="Werkstattfilm"
        providerName="YouTube"
        embedHtml='<iframe src="https://www.youtube.com/embed/abc" title="Werkstattfilm"></iframe>'
        poster={{ ...images[0]!, sizes: '100vw', objectPosition: '50% 50%' }}
      />,
    );
    expect(document.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Video abspielen: Werkstattfilm/ }));
    expect(document.querySelector('iframe')?.getAttribute('src')).toBe('https://www.youtube.com/embed/abc');
  });
});
