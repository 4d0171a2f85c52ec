import http from 'node:http';

/** What the endpoint serves: a prom-client Registry has both. */
export interface MetricsSource {
  metrics(): Promise<string>;
  readonly contentType: string;
}

/**
 * Serves `GET /metrics` (and HEAD) from `source` on its own port (0: any free one), 404 for anything else, and 500
 * (after `onError`) when collecting fails. Resolves once listening. The API and the page server both serve their
 * metrics this way, away from the traffic port.
 */
export async function serveMetrics(
  source: MetricsSource,
  port: number,
  host: string,
  onError: (error: Error) => void,
): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
      return;
    }
    source.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': source.contentType }).end(text),
      (error: Error) => {
        onError(error);
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('The metrics could not be collected\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
