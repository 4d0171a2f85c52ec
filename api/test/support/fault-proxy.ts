import net from 'node:net';

/**
 * A TCP proxy between the API and its database, for fault injection without touching the API's code: when a
 * message from the API contains every one of `match`'s strings, `onMatch` runs, either after the database's reply
 * to it went back (`after: 'reply'`: the write happened) or instead of sending it (`after: 'never'`: it did not).
 * From that moment the proxy is down (every connection is cut) until `heal()`, so no later call slips through
 * while the database is being stopped.
 */
export interface FaultRule {
  match: string[];
  after: 'reply' | 'never';
  onMatch: () => Promise<void> | void;
}

export async function startFaultProxy(targetPort: number) {
  let rule: FaultRule | null = null;
  let down = false;
  const sockets = new Set<net.Socket>();
  const cutAll = () => {
    down = true;
    for (const s of sockets) s.destroy();
    sockets.clear();
  };
  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    let fireOnReply: FaultRule | null = null;
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk) => {
      const text = chunk.toString('latin1');
      const hit = rule && rule.match.every((m) => text.includes(m)) ? rule : null;
      if (hit) rule = null; // one shot
      if (hit?.after === 'never') {
        down = true;
        void Promise.resolve(hit.onMatch()).finally(cutAll);
        return;
      }
      if (down) return closeBoth();
      if (hit) fireOnReply = hit;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      const hit = fireOnReply;
      fireOnReply = null;
      client.write(chunk, () => {
        if (!hit) return;
        cutAll();
        void hit.onMatch();
      });
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    arm: (r: FaultRule) => {
      rule = r;
    },
    heal: () => {
      down = false;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
