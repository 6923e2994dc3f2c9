import http from 'node:http';

/**
 * A baseline for anything measured through the gateway: one reverse-proxy hop that does nothing else
 * (no credentials, tokens, limits, metrics or traces), node:http in front of UPSTREAM_PORT over
 * keep-alive connections, in its own process as the gateway is. What a request costs through it is
 * what the hop alone costs on this machine.
 */
const upstreamPort = Number(process.env.UPSTREAM_PORT);
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

http.createServer((req, res) => {
  const upstream = http.request({ host: '127.0.0.1', port: upstreamPort, path: req.url, method: req.method, headers: req.headers, agent }, (up) => {
    res.writeHead(up.statusCode ?? 502, up.headers);
    up.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
}).listen(Number(process.env.PORT), '127.0.0.1');
