/**
 * @jest-environment node
 */
// The server render runs in Node (no DOM); the API is mocked at the HTTP boundary (fetch), as in component tests.
import { mockApi } from '@sportify/shared-ui/testing';
import { renderFirstView } from './renderFirstView';

const API = 'http://api.test';
const popular = [
  {
    _id: 'c1',
    className: 'Basketball <Skills>',
    classImage: '/images/classes/basketball.svg',
    instructorName: 'Sam Rivera',
    instructorEmail: 'sam@sportify.camp',
    seats: 0,
    price: 135,
    enrolled: 22,
  },
];
const people = [{ _id: 'p1', userName: 'Jordan Lee', email: 'jordan@sportify.camp', userPhoto: '' }];
const admins = [{ _id: 'a1', userName: 'alex morgan', email: 'admin@sportify.camp', userPhoto: '' }];

let http: ReturnType<typeof mockApi>;
afterEach(() => http.restore());

describe('renderFirstView', () => {
  it("renders Home with the API's lists, marks each list for the browser's hand-over and brings its styles", async () => {
    http = mockApi({
      'GET /classes/popular': [200, popular],
      'GET /users/popular': [200, people],
      'GET /users/admin': [200, admins],
    });
    const view = await renderFirstView({ pathname: '/', apiUrl: API });
    expect(view).not.toBeNull();
    const { html, css } = view!;
    expect(http.calls.map((call) => call.url).sort()).toEqual(['/classes/popular', '/users/admin', '/users/popular']);
    expect(html).toContain('Top 6 Popular Class');
    // React escapes what the API says.
    expect(html).toContain('Basketball &lt;Skills&gt;');
    expect(html).toContain('Jordan Lee');
    expect(html).toContain('admin@sportify.camp');
    // A full class keeps the red card the spec asks for (data-full), as in the browser.
    expect(html).toMatch(/<article[^>]*data-full="true"/);
    const parts = [...html.matchAll(/data-first-view-part="([a-z-]+)"/g)].map((m) => m[1]);
    expect(parts).toEqual(['popular-classes', 'popular-instructors', 'contributors']);
    expect(css).toMatch(/^<style data-styled="true"/);
    // The carousel's controls would do nothing before the browser runs it: they are not in the server's HTML.
    expect(html).toContain('Soccer Training');
    expect(html).not.toContain('Next slide');
  });

  it('gives no view when one of the reads fails: the page then starts from its skeleton', async () => {
    http = mockApi({
      'GET /classes/popular': [200, popular],
      'GET /users/popular': [200, people],
      'GET /users/admin': [500, { message: 'down' }],
    });
    expect(await renderFirstView({ pathname: '/', apiUrl: API })).toBeNull();
  });

  it('gives no view of a screen it does not render on the server, without calling the API', async () => {
    http = mockApi({});
    expect(await renderFirstView({ pathname: '/classes', apiUrl: API })).toBeNull();
    expect(http.calls).toEqual([]);
  });
});
