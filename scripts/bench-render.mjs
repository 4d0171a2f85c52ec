#!/usr/bin/env node
// The page server's CPU per page: requests each route one after another from a running site (`npm start`) and
// prints the CPU time the page server's process spent per page (user + system, from Linux's /proc), the median of
// several rounds. One request at a time, so the figure is the render's own work, not queueing.
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: `http://localhost:${process.env.SHELL_PORT || 3000}` },
    routes: { type: 'string', default: '/,/classes,/instructors,/login,/no-such-page' },
    pages: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '5' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(`Usage: node scripts/bench-render.mjs [--url URL] [--routes /,/classes] [--pages 100] [--rounds 5]
  Linux only: finds the process listening on the site's port and reads its CPU time from /proc.`);
  process.exit(0);
}

const site = new URL(values.url);
const port = Number(site.port || 80);
const TICKS_PER_SECOND = 100;

/** The pid of the process listening on `port` (its socket's inode, found among the processes' open files). */
function listeningPid() {
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.trim().split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const localPort = parseInt(fields[1].split(':')[1], 16);
      if (localPort === port && fields[3] === '0A') inodes.add(fields[9]);
    }
  }
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let fds = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (socket && inodes.has(socket[1])) return Number(pid);
      } catch {
        // The file closed meanwhile.
      }
    }
  }
  throw new Error(`No process listens on port ${port}: start the site first (npm start)`);
}

/** The process's CPU time so far, in ms (user + system). */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

function get(path) {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: site.hostname, port, path, headers: { 'accept-encoding': 'identity' } }, (res) => {
      let size = 0;
      res.on('data', (chunk) => (size += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, size }));
    });
    request.on('error', reject);
  });
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

const pid = listeningPid();
const pages = Number(values.pages);
const rounds = Number(values.rounds);
console.log(`Page server pid ${pid} on port ${port}: ${pages} pages per round, ${rounds} rounds per route`);
console.log('| route | status | HTML | CPU per page (median) | min - max |');
console.log('|---|---|---|---|---|');
for (const route of values.routes.split(',')) {
  // Warm: the first renders load the shell's and the remotes' server builds.
  const first = await get(route);
  for (let i = 0; i < 10; i += 1) await get(route);
  const perPage = [];
  for (let round = 0; round < rounds; round += 1) {
    const before = cpuMs(pid);
    for (let i = 0; i < pages; i += 1) await get(route);
    perPage.push((cpuMs(pid) - before) / pages);
  }
  const ms = (value) => `${value.toFixed(2)} ms`;
  console.log(
    `| \`${route}\` | ${first.status} | ${(first.size / 1024).toFixed(1)} KB | ${ms(median(perPage))} | ${ms(Math.min(...perPage))} - ${ms(Math.max(...perPage))} |`,
  );
}
