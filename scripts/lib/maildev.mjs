// A real inbox for development: MailDev (SMTP server and web inbox), started by `npm start` and the journeys'
// launcher unless SMTP_URL names a mail server already. The API then sends its e-mails there.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { assertPortsFree } from './ports.mjs';
import { spawnService, ready } from './proc.mjs';

/**
 * Starts MailDev on `ports` (MAILDEV_SMTP_PORT, 1025, and MAILDEV_WEB_PORT, 1080: the launcher's settings), its
 * messages kept in `<dataDir>/mail`, or nothing when SMTP_URL is set. Returns the service (if any), the API's
 * SMTP_URL and the inbox's address.
 * @param {{ smtpUrl?: string, ports: { smtp: number, web: number }, dataDir: string, repoRoot: string, log: (msg: string) => void }} o
 */
export async function startMailInbox({ smtpUrl, ports, dataDir, repoRoot, log }) {
  if (smtpUrl) {
    log(`E-mail goes to the SMTP server of SMTP_URL (no MailDev started)`);
    return { service: null, apiEnv: /** @type {Record<string, string>} */ ({}), inboxUrl: '' };
  }
  const { smtp, web } = ports;
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
