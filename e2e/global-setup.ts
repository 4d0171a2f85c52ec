import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { chromiumPath } from './browser';

// Never download a browser: install Debian's packages when the one the journeys use is missing.
export default function globalSetup() {
  const chromium = chromiumPath();
  if (existsSync(chromium)) return;
  console.log(`${chromium} is missing: installing Debian's chromium and chromium-headless-shell packages...`);
  execFileSync(
    'sh',
    [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell',
    ],
    { stdio: 'inherit' },
  );
}
