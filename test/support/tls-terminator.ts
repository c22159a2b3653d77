// What stands in front of the service in a deployment (Caddy with on-demand certificates), on loopback: TLS
// for the tenants' custom domains, passed on as plain HTTP with the Host the client sent. With `agentVia`, a
// client (an independent library using Node's https) reaches it for any name, as if DNS pointed the
// domains at the service, and trusts the test CA that signed the terminator's certificate.
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import type { TestPki } from './test-pki.js';

export type TlsTerminator = { port: number; close(): Promise<void> };

export async function startTlsTerminator(target: URL, pki: TestPki): Promise<TlsTerminator> {
  const sockets = new Set<net.Socket>();
  const server = tls.createServer({ key: pki.key, cert: pki.cert }, (client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * An https.Agent whose every connection goes to the terminator, the TLS name (SNI and the certificate check)
 * staying the URL's host, with the test CA trusted. Set as https.globalAgent for a library that takes no agent.
 */
export function agentVia(terminator: TlsTerminator, pki: TestPki): https.Agent {
  const agent = new https.Agent({ ca: pki.caPem });
  agent.createConnection = (options: tls.ConnectionOptions) =>
    tls.connect({ ...options, host: '127.0.0.1', port: terminator.port, ca: pki.caPem });
  return agent;
}
