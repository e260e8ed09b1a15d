export * from './legal-data.js';
export * from './legal-texts.js';
export * from './statutory-model-texts.js';
export * from './withdrawal.js';
