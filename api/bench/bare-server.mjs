// Bare Node for the bench's upper bound: node:http answering each path with the body the API gave for it, read once
// at start (BENCH_BODIES_FROM), with no framework, middleware or cache in between.
import http from 'node:http';

const from = process.env.BENCH_BODIES_FROM;
const bodies = new Map();
for (const path of process.env.BENCH_BARE_PATHS.split(',')) {
  const res = await fetch(from + path);
  bodies.set(path, Buffer.from(await res.arrayBuffer()));
}
const server = http.createServer((req, res) => {
  const body = bodies.get(req.url);
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bare listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
