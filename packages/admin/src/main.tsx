import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
// esbuild emits the editor's stylesheet next to the bundle (scripts/build.mjs links it in the shell).
import './admin.css';

// The editor at /config: the server's HTML shell has <div id="config-app"> and loads this bundle.
const container = document.getElementById('config-app');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
