// The dev servers' settings (`npm run dev -w <package>`), read through a schema as every process reads its own
// (@sportify/platform's readSettings): each front end's dev server port and the site its override links are for.
const { readSettings, settingKinds, SettingsError, z } = require('@sportify/platform');

/**
 * Each front end's dev server port: its variable and default (the shell's dev server is the site's port).
 * @type {Record<string, [string, number]>}
 */
const DEV_PORTS = {
  shell: ['SHELL_PORT', 3000],
  'mf-public': ['MF_PUBLIC_DEV_PORT', 4101],
  'mf-student': ['MF_STUDENT_DEV_PORT', 4102],
  'mf-instructor': ['MF_INSTRUCTOR_DEV_PORT', 4103],
  'mf-admin': ['MF_ADMIN_DEV_PORT', 4104],
};

function devServerSchema() {
  const { int, url } = settingKinds(false);
  return z.object({
    ...Object.fromEntries(
      Object.values(DEV_PORTS).map(([name, port]) => [name, int(port, 1, 65535, 'must be a port number (1-65535)')]),
    ),
    SITE_URL: url(undefined, ['http:', 'https:']),
  });
}

/**
 * The dev servers' settings from `env`, or a SettingsError naming every wrong one.
 * @returns {Record<string, any>}
 */
function readDevServerSettings(env = process.env) {
  const { values, problems } = readSettings(devServerSchema(), env);
  if (!values) throw new SettingsError('The dev server', problems, 'development');
  return values;
}

/** The port of `pkg`'s dev server. */
const devServerPort = (pkg, env = process.env) => readDevServerSettings(env)[DEV_PORTS[pkg][0]];

module.exports = { DEV_PORTS, devServerPort, devServerSchema, readDevServerSettings };
