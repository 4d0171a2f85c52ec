import { hintCurrentRemote } from './earlyHints';

const config = {
  apiUrl: 'http://api.test',
  remotes: { mf_public: 'http://localhost:3001/mf-manifest.json', mf_admin: 'http://localhost:3004/mf-manifest.json' },
};
const hints = () =>
  [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => [
    link.getAttribute('as'),
    link.getAttribute('href'),
  ]);

describe('early hints', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it("preloads the manifest and remoteEntry.js of the current page's remote", () => {
    hintCurrentRemote(config, '/dashboard/feedback/42', '');
    expect(hints()).toEqual([
      ['fetch', 'http://localhost:3004/mf-manifest.json'],
      ['script', 'http://localhost:3004/remoteEntry.js'],
    ]);
  });

  it("also preloads a public screen's first API reads", () => {
    hintCurrentRemote(config, '/classes', '');
    expect(hints()).toEqual([
      ['fetch', 'http://localhost:3001/mf-manifest.json'],
      ['script', 'http://localhost:3001/remoteEntry.js'],
      ['fetch', 'http://api.test/classes?limit=24'],
      ['fetch', 'http://api.test/instructors?limit=60'],
    ]);
  });

  it('preloads no API read when the URL carries a search or a page (the screen asks for other data)', () => {
    hintCurrentRemote(config, '/classes', '?q=tennis&page=2');
    expect(hints()).toEqual([
      ['fetch', 'http://localhost:3001/mf-manifest.json'],
      ['script', 'http://localhost:3001/remoteEntry.js'],
    ]);
  });

  it('adds nothing the server already hinted in index.html', () => {
    document.head.innerHTML =
      '<link rel="preload" as="fetch" href="http://localhost:3001/mf-manifest.json" crossorigin="anonymous">';
    hintCurrentRemote(config, '/classes', '');
    expect(hints()).toEqual([
      ['fetch', 'http://localhost:3001/mf-manifest.json'],
      ['script', 'http://localhost:3001/remoteEntry.js'],
      ['fetch', 'http://api.test/classes?limit=24'],
      ['fetch', 'http://api.test/instructors?limit=60'],
    ]);
  });

  it('hints nothing for shell pages', () => {
    hintCurrentRemote(config, '/login', '');
    expect(hints()).toEqual([]);
  });
});
