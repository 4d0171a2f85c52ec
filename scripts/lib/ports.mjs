// Port helpers shared by the launcher and the test setups.
import net from 'node:net';

/**
 * Resolves to a port the OS says is free right now.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

/**
 * True when something already listens on host:port.
 * @param {number} port
 * @returns {Promise<boolean>}
 */
export function isPortBusy(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', (/** @type {NodeJS.ErrnoException} */ err) =>
      resolve(err.code === 'EADDRINUSE' || err.code === 'EACCES'),
    );
    srv.once('listening', () => srv.close(() => resolve(false)));
    srv.listen(port, host);
  });
}

/**
 * Throws one clear error naming every busy port, before anything is started.
 * @param {Record<string, number>} named
 */
export async function assertPortsFree(named) {
  const busy = [];
  for (const [name, port] of Object.entries(named)) {
    if (await isPortBusy(port)) busy.push(`${name} (port ${port})`);
  }
  if (busy.length) {
    throw new Error(
      `Port already in use: ${busy.join(', ')}. Stop whatever uses it, or choose another port (see README "Configuration").`,
    );
  }
}
