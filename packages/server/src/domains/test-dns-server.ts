import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';

/*
 * A DNS server on 127.0.0.1 for tests (test code only; no route imports this file): answers TXT questions
 * from a table the test fills, NXDOMAIN for everything else, like a real zone would.
 */

export interface TestDnsServer {
  /** `127.0.0.1:<port>`, for DNS_RESOLVER / buildApp's dnsResolver. */
  address: string;
  /** Sets the TXT values of a name (an empty list removes it). */
  setTxt(name: string, values: string[]): void;
  close(): Promise<void>;
}

export async function startTestDns(): Promise<TestDnsServer> {
  const { Packet } = dns2;
  const txt = new Map<string, string[]>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const values = question ? txt.get(question.name.toLowerCase()) : undefined;
      if (!question || !values) {
        response.header.rcode = 3; // NXDOMAIN
      } else {
        for (const value of values)
          response.answers.push({
            name: question.name,
            type: Packet.TYPE.TXT,
            class: Packet.CLASS.IN,
            ttl: 60,
            data: value,
          } as never);
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = (server.addresses().udp as AddressInfo).port;
  return {
    address: `127.0.0.1:${port}`,
    setTxt(name, values) {
      if (values.length === 0) txt.delete(name.toLowerCase());
      else txt.set(name.toLowerCase(), values);
    },
    close: () => server.close().then(() => undefined),
  };
}
