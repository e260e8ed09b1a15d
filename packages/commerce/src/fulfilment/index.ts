export * from './carriers.js';
export * from './fulfilment-status.js';
export * from './order-returns.js';
