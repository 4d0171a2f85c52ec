import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

// Debian's Chromium is the only browser available offline; install it when missing, never download one.
export default function globalSetup() {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(chromium)) return;
  console.log(`${chromium} is missing: installing Debian's chromium package...`);
  execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'], {
    stdio: 'inherit',
  });
}
