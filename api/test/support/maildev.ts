// MailDev (the real SMTP server and inbox the launcher runs) on free ports, read through its own REST API.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, sleep } from './processes';

const BIN = path.resolve(__dirname, '../../../node_modules/.bin/maildev');

/** One received message as MailDev's API lists it. */
export interface InboxMessage {
  id: string;
  subject: string;
  to: { address: string }[];
  from: { address: string; name: string }[];
  text?: string;
  html?: string;
  headers: Record<string, string>;
}

export interface MailDev {
  smtpUrl: string;
  webUrl: string;
  messages: () => Promise<InboxMessage[]>;
  /** Waits until at least `count` messages arrived (and a moment more, so a late duplicate would show). */
  waitFor: (count: number, timeoutMs?: number) => Promise<InboxMessage[]>;
  stop: () => Promise<void>;
}

export async function startMailDev(): Promise<MailDev> {
  const [smtp, web] = [await freePort(), await freePort()];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sportify-maildev-'));
  const child = spawn(
    BIN,
    [
      '-s',
      String(smtp),
      '-w',
      String(web),
      '--ip',
      '127.0.0.1',
      '--web-ip',
      '127.0.0.1',
      '--mail-directory',
      dir,
      '--silent',
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const webUrl = `http://127.0.0.1:${web}`;
  const messages = async () => (await (await fetch(`${webUrl}/api/email`)).json()) as InboxMessage[];
  const end = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`MailDev exited:\n${output}`);
    if (
      await fetch(`${webUrl}/api/healthz`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    if (Date.now() > end) throw new Error(`MailDev did not start:\n${output}`);
    await sleep(100);
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${smtp}`,
    webUrl,
    messages,
    waitFor: async (count, timeoutMs = 30_000) => {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if ((await messages()).length >= count) break;
        await sleep(200);
      }
      await sleep(1000);
      return messages();
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
