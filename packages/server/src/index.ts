export { buildApp } from './app.js';
export { readConfig, type ServerConfig } from './config.js';
export { startServer } from './main.js';
