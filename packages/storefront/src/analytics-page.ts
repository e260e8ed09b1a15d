import { startAnalytics } from './analytics/runtime.js';

/**
 * Browser entry of pages that hydrate no island but still measure and announce (the order confirmation,
 * the account right after sign-up): the analytics runtime alone, without React. It follows the same
 * consent rules as on every other page.
 */
void startAnalytics();
