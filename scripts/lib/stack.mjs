// The whole site on one machine: database, auth emulator, API, the page server (the site's origin: the shell, every
// page rendered on the server, the API under /api) and the four remotes' asset servers, each on its own origin.
// Used by `npm start` (scripts/start.mjs) and by the Playwright run (e2e/playwright.config.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { execa } from 'execa';
import { assertPortsFree, freePort } from './ports.mjs';
import { startNginx } from './nginx.mjs';
import { startDevDb } from './devdb.mjs';
import { startAuthEmulator } from './auth-emulator.mjs';
import { startMailInbox } from './maildev.mjs';
import { DEV_OPS_KEY } from '@sportify/platform/keys';
import { spawnService, ready } from './proc.mjs';
import { releasesDir } from '../releases/store.mjs';
import { launcherIsProduction, readLauncherSettings } from './settings.mjs';
import { FRONT_ENDS } from './front-ends.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The page server's and the asset servers' entry points (the page-server package's build). */
const PAGE_SERVER = path.join(repoRoot, 'page-server/dist/server.js');
const ASSET_SERVER = path.join(repoRoot, 'page-server/dist/assets.js');

export { FRONT_ENDS } from './front-ends.mjs';

/**
 * Reads and checks the launcher's settings from the environment (scripts/lib/settings.mjs: every name is in the
 * README's table); a SettingsError names every wrong one.
 */
export function readSettings(env = process.env) {
  const v = readLauncherSettings(env);
  // The launcher is the development tool: `npm start` and the journeys run in development mode unless
  // SPORTIFY_DEV_MODE is set, and then it means what it means to every process (only 1 is development).
  const developmentMode = !launcherIsProduction(env);
  const realFirebase = Boolean(v.FIREBASE_API_KEY);
  const projectId = v.FIREBASE_PROJECT_ID;
  const port = (/** @type {string} */ name) => /** @type {number} */ (/** @type {Record<string, unknown>} */ (v)[name]);
  return {
    dataDir: path.resolve(repoRoot, v.SPORTIFY_DATA_DIR),
    skipBuild: v.SPORTIFY_SKIP_BUILD === '1',
    frontEnds: FRONT_ENDS.map((f) => ({ ...f, port: port(f.portVar) })),
    apiPort: v.API_PORT,
    // GET /metrics of the API and of the page server, each on a port of its own (never the site's or the API's).
    apiMetricsPort: v.API_METRICS_PORT,
    pageMetricsPort: v.PAGE_METRICS_PORT,
    dbPort: v.DEVDB_PORT,
    authPort: v.FIREBASE_AUTH_EMULATOR_PORT,
    mailPorts: { smtp: v.MAILDEV_SMTP_PORT, web: v.MAILDEV_WEB_PORT },
    mongoUri: v.MONGODB_URI ?? '',
    realFirebase,
    // An Auth emulator that is already running (another stack's): used instead of starting one.
    authHost: realFirebase ? '' : (v.FIREBASE_AUTH_EMULATOR_HOST ?? ''),
    firebase: {
      apiKey: v.FIREBASE_API_KEY || 'demo-sportify-key',
      authDomain: v.FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
      projectId,
    },
    stripeSecretKey: v.STRIPE_SECRET_KEY ?? '',
    stripePublishableKey: v.STRIPE_PUBLISHABLE_KEY ?? '',
    jwtSecret: v.JWT_SECRET ?? '',
    // The operators' key: the API and the page servers share it. Outside development mode the API refuses a
    // missing one, so no default is made up there.
    opsKey: v.SPORTIFY_OPS_KEY || (developmentMode ? DEV_OPS_KEY : ''),
    apiReplicas: v.API_REPLICAS,
    developmentMode,
    // Where browsers call the API: the page server's /api by default (same origin, no preflight); an absolute URL
    // (such as http://localhost:5000) makes them call the API's own origin instead.
    publicApiUrl: v.SPORTIFY_PUBLIC_API_URL,
    campTimeZone: v.CAMP_TIME_ZONE,
    // Gone: the site holds every picture, and the pages' policy shows pictures from the site and the remotes only.
    imageOriginsIgnored: v.SPORTIFY_IMAGE_ORIGINS.length > 0,
  };
}

const origin = (port) => `http://localhost:${port}`;

/** The shell's runtime config.json: where the API, Firebase and each remote's manifest live. */
export function runtimeConfig(s, authHost) {
  const remotes = Object.fromEntries(
    s.frontEnds.filter((f) => f.federation).map((f) => [f.federation, `${origin(f.port)}/mf-manifest.json`]),
  );
  return {
    apiUrl: s.publicApiUrl,
    firebase: { ...s.firebase, authEmulatorUrl: authHost ? `http://${authHost}` : '' },
    stripePublishableKey: s.stripePublishableKey,
    remotes,
    campTimeZone: s.campTimeZone,
  };
}

/**
 * Builds every package through lerna's task cache: packages whose sources (or dependencies' sources) did not
 * change since their last build are restored from the cache in a moment, so a start never runs a stale build.
 * A start builds what the site runs, and only that: no remote publishes its types (only `npm run typecheck:remotes`
 * and releases read them; `npm run build` and releases still make them), and the TypeScript compiles only emit
 * (the front ends' bundles never type-check either: that is `npm run typecheck`'s job).
 */
export const START_BUILD_ENV = { SPORTIFY_BUILD_TYPES: '0', SPORTIFY_BUILD_NOCHECK: '1' };

export async function buildAll(log) {
  log('Building the packages (unchanged ones come from the build cache)...');
  const r = await execa('npx', ['lerna', 'run', 'build', '--concurrency', '2'], {
    cwd: repoRoot,
    env: START_BUILD_ENV,
    reject: false,
    all: true,
  });
  if (r.exitCode !== 0) throw new Error(`The build failed:\n${r.all}`);
  const fresh = /Nx read the output from the cache instead of running the command for (\d+) out of (\d+) tasks/.exec(
    r.all ?? '',
  );
  log(fresh ? `Build: ${fresh[1]} of ${fresh[2]} packages unchanged (from the cache).` : 'Build: done.');
}

/** `npm run start:scaled`: how many page servers run behind nginx on the site's port. */
const SCALED_PAGE_SERVERS = 2;

/**
 * Starts the API: one process on API_PORT, or with `scaled` API_REPLICAS processes on free ports behind nginx on
 * API_PORT (each trusting exactly that one proxy hop for the client's address). With `site`, the same nginx serves
 * the whole site on `site.port`: `/api/...` to the replicas, everything else to the page servers `site.upstreams`.
 * Returns the started services.
 * @param {ReturnType<typeof readSettings>} s
 * @param {Record<string, string>} apiEnv
 * @param {{ scaled: boolean, log: (msg: string) => void, site?: { port: number, upstreams: string[] } }} options
 */
export async function startApi(s, apiEnv, { scaled, log, site }) {
  const main = path.join(repoRoot, 'api/dist/main.js');
  const replica = async (
    /** @type {string} */ name,
    /** @type {number} */ port,
    /** @type {Record<string, string>} */ extra = {},
  ) => {
    // Scaled replicas serve their metrics on free ports (logged by each replica).
    const metricsPort = scaled ? await freePort() : s.apiMetricsPort;
    const api = spawnService(name, process.execPath, [main], {
      env: { ...apiEnv, ...extra, PORT: String(port), METRICS_PORT: String(metricsPort) },
      cwd: repoRoot,
    });
    await ready(api, [`http://127.0.0.1:${port}/health/ready`], 60_000);
    return api;
  };
  if (!scaled) return [await replica('api', s.apiPort)];

  const ports = [];
  for (let i = 0; i < s.apiReplicas; i++) ports.push(await freePort());
  const started = [];
  try {
    // The first replica creates the collections and indexes alone (the embedded database dislikes doing it twice at once).
    started.push(await replica('api-1', ports[0], { TRUST_PROXY: '1' }));
    const rest = ports.slice(1).map((port, i) => replica(`api-${i + 2}`, port, { TRUST_PROXY: '1' }));
    const settled = await Promise.allSettled(rest);
    for (const r of settled) if (r.status === 'fulfilled') started.push(r.value);
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const nginxOptions = {
      port: s.apiPort,
      upstreams: ports.map((p) => `127.0.0.1:${p}`),
      dir: path.join(s.dataDir, 'run', 'nginx'),
      site,
      log,
    };
    const lb = await startNginx(nginxOptions);
    started.push(lb.service);
    log(`API: ${ports.length} replicas (ports ${ports.join(', ')}) behind nginx on port ${s.apiPort}`);
    if (site)
      log(
        `Site: ${site.upstreams.length} page servers (${site.upstreams.join(', ')}) behind nginx on port ${site.port}`,
      );
    return started;
  } catch (err) {
    await Promise.all(started.map((x) => x.stop()));
    throw err;
  }
}

/**
 * Starts everything and resolves once every part answers. Returns { settings, services, config, stop(),
 * saveAccounts() }.
 * Throws (after stopping what it started) when a part fails to come up. `scaled`: API replicas behind nginx.
 */
export async function startStack({ env = process.env, log = console.log, scaled = false } = {}) {
  const s = readSettings(env);
  if (s.imageOriginsIgnored)
    log('SPORTIFY_IMAGE_ORIGINS is no longer read: the site holds every picture and serves it under /pictures.');
  const ports = { API: s.apiPort };
  if (!scaled) Object.assign(ports, { "API's metrics": s.apiMetricsPort, "page server's metrics": s.pageMetricsPort });
  for (const f of s.frontEnds) ports[f.name] = f.port;
  if (!s.mongoUri) ports['embedded database'] = s.dbPort;
  if (!s.realFirebase && !s.authHost) ports['auth emulator'] = s.authPort;
  await assertPortsFree(ports);
  mkdirSync(s.dataDir, { recursive: true });

  const services = [];
  /** @type {{ save: () => Promise<void> } | null} */
  let accounts = null;
  /** @type {Promise<boolean> | null} */
  let saving = null;
  /**
   * Exports the emulator's accounts once; true when they are saved (or there is nothing to save). A failure is
   * said, not thrown: the stop goes on.
   */
  const saveAccounts = () =>
    (saving ??= !accounts
      ? Promise.resolve(true)
      : accounts.save().then(
          () => true,
          (err) => {
            log(
              `\x1b[31mThe sign-ups could not be saved:\x1b[0m ${err instanceof Error ? err.message : err}. ` +
                `Accounts created since the last start may be missing at the next one.`,
            );
            return false;
          },
        ));
  const stop = async () => {
    // The accounts are exported before anything stops; then front ends and API, then the emulator and the database.
    await saveAccounts();
    const late = new Set(['database', 'auth-emulator']);
    await Promise.all(services.filter((x) => !late.has(x.name)).map((x) => x.stop()));
    await Promise.all(services.filter((x) => late.has(x.name)).map((x) => x.stop()));
  };

  try {
    // The database, the Auth emulator and the mail inbox need nothing built: they start while the build runs (on a
    // fresh clone the database's jars are fetched and its launcher compiled meanwhile too).
    const startDb = async () => {
      if (s.mongoUri) return null;
      const db = await startDevDb({ port: s.dbPort, file: path.join(s.dataDir, 'db', 'sportify.mv'), log });
      services.push(db.service);
      log(`Embedded database ready on ${db.uri} (data in ${path.relative(repoRoot, s.dataDir)}/db)`);
      return db;
    };
    const startAuth = async () => {
      if (s.realFirebase || s.authHost) return null;
      const auth = await startAuthEmulator({ port: s.authPort, dataDir: path.join(s.dataDir, 'auth') });
      services.push({ ...auth.service, stop: auth.stop });
      accounts = auth;
      log(`Firebase Auth emulator ready on ${auth.host} (accounts kept in ${path.relative(repoRoot, s.dataDir)}/auth)`);
      return auth;
    };
    const startMail = async () => {
      const mail = await startMailInbox({
        smtpUrl: env.SMTP_URL,
        ports: s.mailPorts,
        dataDir: s.dataDir,
        repoRoot,
        log,
      });
      if (mail.service) services.push(mail.service);
      return mail;
    };
    const startingDb = startDb();
    const startingAuth = startAuth();
    const startingMail = startMail();
    const building = s.skipBuild ? Promise.resolve(null) : buildAll(log);
    // Every part settles before a failure is reported, so that the stop finds whatever did start.
    const failed = (await Promise.allSettled([building, startingDb, startingAuth, startingMail])).find(
      (r) => r.status === 'rejected',
    );
    if (failed) throw failed.reason;
    const [db, auth, mail] = await Promise.all([startingDb, startingAuth, startingMail]);
    // The emulator's host, whoever started it (its accounts are saved by its own stack).
    const authHost = auth?.host ?? s.authHost;

    const apiEnv = {
      // The launcher is the development tool: it unlocks the API's development defaults unless told otherwise.
      SPORTIFY_DEV_MODE: s.developmentMode ? '1' : '0',
      MONGODB_URI: s.mongoUri || `${db?.uri}/sportify`,
      FIREBASE_PROJECT_ID: s.firebase.projectId,
      ...(authHost ? { FIREBASE_AUTH_EMULATOR_HOST: authHost } : {}),
      CORS_ORIGINS: s.frontEnds.map((f) => origin(f.port)).join(','),
      ASSET_BASE_URL: origin(s.frontEnds[0].port),
      ...(s.opsKey ? { SPORTIFY_OPS_KEY: s.opsKey } : {}),
      ...mail.apiEnv,
    };
    // Scaled: nginx serves the site's port, in front of page servers on free ports (and of the API under /api).
    const shell = s.frontEnds[0];
    /** @type {number[]} */
    const pagePorts = [];
    if (scaled) for (let i = 0; i < SCALED_PAGE_SERVERS; i++) pagePorts.push(await freePort());
    const site = scaled ? { port: shell.port, upstreams: pagePorts.map((p) => `127.0.0.1:${p}`) } : undefined;
    services.push(...(await startApi(s, apiEnv, { scaled, log, site })));

    // The seed writes demo accounts with published passwords: development only (it refuses otherwise too). It ends
    // before the site answers: whoever waits for the site (the journeys) finds the demo accounts there.
    const seed = !s.developmentMode
      ? null
      : await execa(process.execPath, [path.join(repoRoot, 'api/dist/seed/run.js')], {
          env: { ...process.env, ...apiEnv },
          cwd: repoRoot,
          reject: false,
          all: true,
        });
    if (seed && seed.exitCode !== 0) throw new Error(`Seeding the demo data failed:\n${seed.all}`);
    if (seed?.all?.trim()) log(seed.all.trim());

    const config = runtimeConfig(s, authHost);
    const releases = releasesDir(env);
    const remoteArgs = s.frontEnds
      .filter((r) => r.federation)
      .flatMap((r) => ['--remote', `${r.name}:${r.federation}:${path.join(repoRoot, r.dir, 'dist')}`]);
    const servers = s.frontEnds.flatMap((f) => {
      const dist = path.join(repoRoot, f.dir, 'dist');
      if (!f.spa) {
        const args = [ASSET_SERVER, '--name', f.name, '--dir', dist, '--port', String(f.port), '--releases', releases];
        return [{ name: f.name, port: f.port, args, check: 'mf-manifest.json', env: {} }];
      }
      const instances = scaled
        ? pagePorts.map((port, i) => ({ name: `${f.name}-${i + 1}`, port, metricsPort: 0 }))
        : [{ name: f.name, port: f.port, metricsPort: s.pageMetricsPort }];
      return instances.map(({ name, port, metricsPort }) => ({
        name,
        port,
        args: [PAGE_SERVER, '--dir', dist, '--port', String(port), '--releases', releases, ...remoteArgs],
        check: 'config.json',
        // The page server serves the runtime config; its /api and its server renders reach the API (nginx when scaled).
        env: {
          SPORTIFY_RUNTIME_CONFIG: JSON.stringify(config),
          SPORTIFY_API_URL: origin(s.apiPort),
          ...(s.opsKey ? { SPORTIFY_OPS_KEY: s.opsKey } : {}),
          ...(metricsPort ? { METRICS_PORT: String(metricsPort) } : {}),
        },
      }));
    });
    const started = servers.map((server) => {
      const service = spawnService(server.name, process.execPath, server.args, {
        quiet: true,
        cwd: repoRoot,
        env: { SPORTIFY_DEV_MODE: s.developmentMode ? '1' : '0', ...server.env },
      });
      services.push(service);
      return { ...server, service };
    });
    await Promise.all(started.map((x) => ready(x.service, [`http://127.0.0.1:${x.port}/${x.check}`], 30_000)));
    const pageServer = started.find((x) => x.check === 'config.json');
    if (scaled && pageServer) await ready(pageServer.service, [`http://127.0.0.1:${shell.port}/config.json`], 30_000);

    // Lets tests stop one front end to prove the others keep working.
    const runDir = path.join(s.dataDir, 'run');
    mkdirSync(runDir, { recursive: true });
    writeFileSync(
      path.join(runDir, 'services.json'),
      JSON.stringify(Object.fromEntries(services.map((x) => [x.name, x.child.pid])), null, 2),
    );
    return { settings: s, services, config, stop, saveAccounts, mailInbox: mail.inboxUrl };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The demo logins, read from the API's seed data so they are written down once. */
export function demoLogins() {
  const require = createRequire(import.meta.url);
  try {
    return require(path.join(repoRoot, 'api/dist/seed/demo-accounts.js')).DEMO_LOGINS ?? [];
  } catch {
    return [];
  }
}
