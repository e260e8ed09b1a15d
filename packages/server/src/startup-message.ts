import type { ServerConfig } from './config.js';
import { DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD } from './demo-owner.js';
import { originOf } from './site-url.js';

/**
 * What `npm start` prints once the server answers: where the shop and the editor are, and how to sign in
 * to the demo shop as its owner, in German like everything the user reads. Addresses use the demo's first
 * host (the editor there too, since the demo owner may sign in only on the demo hosts) with the configured
 * scheme and port, or the port actually listened on when PORT=0 picked one.
 */
export function startupMessage(config: ServerConfig, listeningPort: number): string {
  const publicUrl = { scheme: config.publicUrl.scheme, port: config.publicUrl.port || listeningPort };
  const demoHost = config.seedDemo ? config.demoHostnames[0] : undefined;
  const editor = `${originOf(demoHost ?? config.baseDomain, publicUrl)}/config`;
  const lines = ['', '» Baukasten ist bereit.'];
  if (demoHost) lines.push(`  Demo-Laden:  ${originOf(demoHost, publicUrl)}/`);
  lines.push(`  Editor:      ${editor}`);
  if (demoHost && config.demoOwner) {
    lines.push(
      '  Im Editor als Inhaber des Demo-Ladens anmelden:',
      `    E-Mail:    ${DEMO_OWNER_EMAIL}`,
      `    Passwort:  ${DEMO_OWNER_PASSWORD}`,
      `  (Dieses Konto gilt nur auf ${config.demoHostnames.join(', ')}.)`,
    );
  } else if (demoHost) {
    lines.push(
      '  Der Demo-Laden hat hier kein Inhaberkonto (NODE_ENV=production; DEMO_OWNER=true legt es an).',
      '  Im Editor kannst du ein eigenes Konto und eine Website anlegen.',
    );
  } else {
    lines.push('  Kein Demo-Laden (SEED_DEMO=false): Lege im Editor ein Konto und deine erste Website an.');
  }
  lines.push('  Beenden mit Strg+C.', '');
  return lines.join('\n');
}
