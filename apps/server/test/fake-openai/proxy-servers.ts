import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** A local proxy for tests, with the targets ("host:port") it was asked to reach. */
export interface TestProxy {
  url: string;
  targets: string[];
  close(): Promise<void>;
}

/** A plain HTTP forward proxy: absolute-form requests and CONNECT tunnels. */
export async function startHttpProxy(): Promise<TestProxy> {
  const targets: string[] = [];
  const sockets = new Set<Socket>();
  const server = createHttpServer((req, res) => {
    const target = new URL(req.url ?? '');
    targets.push(target.host);
    const upstream = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    targets.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    track(sockets, client, upstream);
  });
  return listen(server, 'http', targets, sockets);
}

/** A SOCKS5 proxy without authentication that handles CONNECT to IPv4 addresses and host names. */
export async function startSocks5Proxy(): Promise<TestProxy> {
  const targets: string[] = [];
  const sockets = new Set<Socket>();
  const server = createTcpServer((client) => {
    client.once('data', (greeting: Buffer) => {
      if (greeting[0] !== 5) return client.destroy();
      client.write(Buffer.from([5, 0]));
      client.once('data', (request: Buffer) => {
        const addressType = request[3];
        let host: string;
        let offset: number;
        if (addressType === 1) {
          host = [...request.subarray(4, 8)].join('.');
          offset = 8;
        } else if (addressType === 3) {
          const length = request[4] ?? 0;
          host = request.subarray(5, 5 + length).toString();
          offset = 5 + length;
        } else {
          return client.destroy();
        }
        const port = request.readUInt16BE(offset);
        targets.push(`${host}:${port}`);
        const upstream = connect(port, host, () => {
          client.write(Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]));
          upstream.pipe(client).pipe(upstream);
        });
        track(sockets, client, upstream);
      });
    });
  });
  return listen(server, 'socks5', targets, sockets);
}

function track(sockets: Set<Socket>, client: Socket, upstream: Socket) {
  for (const socket of [client, upstream]) {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  }
  upstream.on('error', () => client.destroy());
  client.on('error', () => upstream.destroy());
}

async function listen(server: Server, scheme: string, targets: string[], sockets: Set<Socket>): Promise<TestProxy> {
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    targets,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
