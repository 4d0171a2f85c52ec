import { parseRuntimeConfig } from './runtimeConfig';

const base = {
  apiUrl: 'http://localhost:5000/',
  firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' },
  remotes: { mf_public: 'http://localhost:3001/mf-manifest.json' },
};

describe('config.json: campTimeZone', () => {
  it('defaults to America/New_York and keeps a valid zone', () => {
    expect(parseRuntimeConfig(base).campTimeZone).toBe('America/New_York');
    expect(parseRuntimeConfig({ ...base, campTimeZone: 'Europe/Paris' }).campTimeZone).toBe('Europe/Paris');
  });

  it('keeps a zone the runtime knows under another name than its canonical one', () => {
    expect(parseRuntimeConfig({ ...base, campTimeZone: 'UTC' }).campTimeZone).toBe('UTC');
    expect(parseRuntimeConfig({ ...base, campTimeZone: 'US/Eastern' }).campTimeZone).toBe('US/Eastern');
  });

  it('refuses a zone the browser does not know', () => {
    expect(() => parseRuntimeConfig({ ...base, campTimeZone: 'Mars/Olympus' })).toThrow(
      'config.json: "campTimeZone" must be an IANA time zone such as America/New_York',
    );
    expect(() => parseRuntimeConfig({ ...base, campTimeZone: 5 })).toThrow('campTimeZone');
  });
});
