import type { ComponentType } from 'react';
import { CartPill } from './islands/cart-pill.js';

/** Every island the theme may place on a page, by the name used in `data-island`. */
export const islands: Record<string, ComponentType<any>> = {
  'cart-pill': CartPill,
};
