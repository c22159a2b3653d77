// An outage on demand, for tests of how the service behaves when its database or Redis goes away.
import net from 'node:net';

const DEFAULT_PORTS: Record<string, number> = { 'postgres:': 5432, 'postgresql:': 5432, 'redis:': 6379 };

/**
 * A loopback proxy to a server (PostgreSQL, Redis) that can be cut — every connection dropped, new ones
 * refused — and restored: an outage of the real server as the service sees it. `url` is the target's URL
 * pointing at the proxy.
 */
export async function tcpProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || DEFAULT_PORTS[target.protocol]), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => socket.destroy());
          socket.on('close', () => sockets.delete(socket));
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    cut: async () => {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: () => (server?.listening ? Promise.resolve() : listen()),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (server?.listening) server.close(() => resolve());
        else resolve();
      }),
  };
}
