import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A real PNG of `width` x `height` (a gradient, so it compresses like a photo would not quite). */
export async function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A tiny file that claims to be a PNG of `width` x `height`: what a decompression bomb looks like before decoding. */
export function pngHeaderOf(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SCRIPTED_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script>' +
    '<rect width="100" height="100" fill="red"/></svg>',
);

export interface PictureServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  /** Requests seen, by path. */
  hits: string[];
  close(): Promise<void>;
}

/**
 * A local web server the import fetches from (the API allows its one address:port through PICTURE_IMPORT_ALLOW):
 * `routes` maps a path to the bytes it answers, a redirect (`{ redirect }`), or `'hang'` (accepts, never answers).
 */
export async function startPictureServer(
  routes: Record<string, Buffer | { redirect: string } | 'hang'>,
): Promise<PictureServer> {
  const hits: string[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    hits.push(path);
    const route = routes[path];
    if (route === undefined) return void res.writeHead(404).end();
    if (route === 'hang') {
      hanging.add(res);
      return;
    }
    if (Buffer.isBuffer(route)) {
      // The header says PNG whatever the bytes are: the import must decide by the bytes.
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': route.length });
      return void res.end(route);
    }
    res.writeHead(302, { Location: route.redirect }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
