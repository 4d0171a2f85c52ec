// A real inbox for development: MailDev (SMTP server and web inbox), started by `npm start` and the journeys'
// launcher unless SMTP_URL names a mail server already. The API then sends its e-mails there.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { assertPortsFree } from './ports.mjs';
import { spawnService, ready } from './proc.mjs';

/** @type {(value: string | undefined, fallback: number, name: string) => number} */
const port = (value, fallback, name) => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535)
    throw new Error(`${name} must be a port number (1-65535), got "${value}"`);
  return n;
};

/**
 * Starts MailDev on MAILDEV_SMTP_PORT (1025) and MAILDEV_WEB_PORT (1080), its messages kept in `<dataDir>/mail`, or
 * nothing when SMTP_URL is set. Returns the service (if any), the API's SMTP_URL and the inbox's address.
 * @param {{ env: Record<string, string | undefined>, dataDir: string, repoRoot: string, log: (msg: string) => void }} o
 */
export async function startMailInbox({ env, dataDir, repoRoot, log }) {
  if (env.SMTP_URL) {
    log(`E-mail goes to the SMTP server of SMTP_URL (no MailDev started)`);
    return { service: null, apiEnv: /** @type {Record<string, string>} */ ({}), inboxUrl: '' };
  }
  const smtp = port(env.MAILDEV_SMTP_PORT, 1025, 'MAILDEV_SMTP_PORT');
  const web = port(env.MAILDEV_WEB_PORT, 1080, 'MAILDEV_WEB_PORT');
  await assertPortsFree({ 'MailDev SMTP': smtp, 'MailDev inbox': web });
  const dir = path.join(dataDir, 'mail');
  mkdirSync(dir, { recursive: true });
  const bin = path.join(repoRoot, 'node_modules/.bin/maildev');
  const args = ['-s', String(smtp), '-w', String(web), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1'];
  const service = spawnService('maildev', bin, [...args, '--mail-directory', dir, '--silent'], { quiet: true });
  await ready(service, [`http://127.0.0.1:${web}/api/healthz`], 30_000);
  const inboxUrl = `http://localhost:${web}`;
  log(`MailDev ready: SMTP on ${smtp}, inbox at ${inboxUrl} (messages kept in ${path.relative(repoRoot, dir)})`);
  /** @type {Record<string, string>} */
  const apiEnv = { SMTP_URL: `smtp://127.0.0.1:${smtp}` };
  return { service, apiEnv, inboxUrl };
}
