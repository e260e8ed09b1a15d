import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/*
 * What both provider fakes share: a node:http server on a free local port that can go down (connection
 * refused, as when the provider is unreachable) and come back on the same port, and that can leave requests
 * unanswered (a provider that hangs, so the SDK's timeout fires).
 */

export type Handler = (
  request: IncomingMessage,
  response: ServerResponse,
  body: string,
) => void | Promise<void>;

export class FakeHttpServer {
  #server: Server;
  #port = 0;
  readonly #sockets = new Set<Socket>();
  readonly #held = new Set<ServerResponse>();
  /** While true, API requests are read and then never answered. */
  hang = false;

  constructor(private readonly handler: Handler) {
    this.#server = this.#create();
  }

  get origin(): string {
    return `http://127.0.0.1:${this.#port}`;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(this.#port, '127.0.0.1', () => {
        this.#server.off('error', reject);
        resolve();
      });
    });
    this.#port = (this.#server.address() as AddressInfo).port;
    return this;
  }

  /** Stops listening and drops every connection: the next request gets ECONNREFUSED. */
  async down(): Promise<void> {
    for (const response of this.#held) response.destroy();
    this.#held.clear();
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** Listens again on the same port. */
  async up(): Promise<void> {
    this.#server = this.#create();
    await this.start();
  }

  async stop(): Promise<void> {
    if (this.#server.listening) await this.down();
  }

  /** Parks a response without answering (the timeout scenario). */
  holdOpen(response: ServerResponse): void {
    this.#held.add(response);
    response.on('close', () => this.#held.delete(response));
  }

  #create(): Server {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        Promise.resolve(this.handler(request, response, body)).catch((error: unknown) => {
          if (!response.headersSent) {
            response.writeHead(500, { 'content-type': 'text/plain' });
            response.end(String(error));
          }
        });
      });
    });
    server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
    return server;
  }
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export function sendHtml(response: ServerResponse, html: string) {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(html);
}

export function redirect(response: ServerResponse, location: string) {
  response.writeHead(303, { location });
  response.end();
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The provider's hosted payment page, reduced to what a shopper (or a browser test) clicks. */
export function paymentPage(title: string, amount: string, payAction: string, cancelAction: string): string {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>Zu zahlen: <strong>${escapeHtml(amount)}</strong></p>
<form method="post" action="${escapeHtml(payAction)}"><button type="submit">Bezahlen</button></form>
<form method="post" action="${escapeHtml(cancelAction)}"><button type="submit">Abbrechen</button></form>
</main></body></html>`;
}

/** Posts JSON to a URL and reports the status; what the fakes use to deliver webhooks. */
export async function postJson(url: string, body: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });
  await response.arrayBuffer();
  return response.status;
}
