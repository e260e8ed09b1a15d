import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';
import { startupMessage } from './startup-message.js';

describe('start-up message', () => {
  it('tells a newcomer the shop, the editor and the demo sign-in, in German', () => {
    const text = startupMessage(readConfig({}), 3000);
    expect(text).toContain('Baukasten ist bereit.');
    expect(text).toContain('Demo-Laden:  http://localhost:3000/\n');
    expect(text).toContain('Editor:      http://localhost:3000/config\n');
    expect(text).toContain('E-Mail:    demo@baukasten.localhost');
    expect(text).toContain('Passwort:  baukasten-demo');
    expect(text).toContain('nur auf localhost, 127.0.0.1');
  });

  it('shows the port actually listened on when PORT=0 let the system pick one', () => {
    expect(startupMessage(readConfig({ PORT: '0' }), 41234)).toContain('http://localhost:41234/config');
  });

  it('offers no demo sign-in where the demo owner is off, and no demo without the seed', () => {
    const production = startupMessage(readConfig({ NODE_ENV: 'production' }), 3000);
    expect(production).not.toContain('baukasten-demo');
    expect(production).toContain('DEMO_OWNER=true');
    expect(startupMessage(readConfig({ NODE_ENV: 'production', DEMO_OWNER: 'true' }), 3000)).toContain(
      'baukasten-demo',
    );
    const noDemo = startupMessage(readConfig({ SEED_DEMO: 'false', BASE_DOMAIN: 'baukasten.example' }), 3000);
    expect(noDemo).not.toContain('Demo-Laden:');
    expect(noDemo).toContain('Editor:      http://baukasten.example:3000/config');
  });
});

describe('demo owner switch (config DEMO_OWNER)', () => {
  it('is on by default, off with NODE_ENV=production unless DEMO_OWNER=true, and never without the demo', () => {
    expect(readConfig({}).demoOwner).toBe(true);
    expect(readConfig({ NODE_ENV: 'production' }).demoOwner).toBe(false);
    expect(readConfig({ NODE_ENV: 'production', DEMO_OWNER: 'true' }).demoOwner).toBe(true);
    expect(readConfig({ DEMO_OWNER: 'false' }).demoOwner).toBe(false);
    expect(readConfig({ SEED_DEMO: 'false', DEMO_OWNER: 'true' }).demoOwner).toBe(false);
  });
});
