import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, pagedRoute, renderScreen } from '@sportify/shared-ui/testing';
import type { PublicPerson } from '@sportify/shared-ui';
import { InstructorsPage } from './InstructorsPage';

// Journeys through a debounced input: generous waits on a busy machine (timings are not what is tested).
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

const instructors: PublicPerson[] = [
  {
    _id: 'u1',
    userName: 'Jordan Lee',
    email: 'jordan@sportify.camp',
    userPhoto: '/images/people/jordan.svg',
    picture: { status: 'ready' as const, id: 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1' },
  },
  {
    _id: 'u2',
    userName: 'Sam Rivera',
    email: 'sam@sportify.camp',
    userPhoto: '/images/people/sam.svg',
    picture: { status: 'ready' as const, id: 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1' },
  },
];
const many: PublicPerson[] = Array.from({ length: 30 }, (_, i) => ({
  _id: `i${i + 1}`,
  userName: `Coach ${i + 1}`,
  email: `coach${i + 1}@example.com`,
  userPhoto: '',
}));

type Params = { q?: string; page?: number; limit: number };
let http: ReturnType<typeof mockApi>;
let asked: Params[];
afterEach(() => http.restore());

/** GET /instructors as the API answers its paged form: by name, a page at a time. */
function serve(list: PublicPerson[]) {
  asked = [];
  const byName = pagedRoute(list, (p, { q = '' }) => p.userName.toLowerCase().includes(String(q).toLowerCase()));
  http = mockApi({
    'GET /instructors': (config, body) => {
      asked.push(config.params as Params);
      return byName(config, body);
    },
  });
}

const open = (url = '/instructors') => renderScreen(<InstructorsPage />, { path: '/instructors', url });
const table = () => screen.findByRole('table', { name: 'Our all instructors information' });

describe('Instructors', () => {
  it('lists the instructors in a table of #, photo, name and e-mail address, with a polite count', async () => {
    serve(instructors);
    open();
    expect(document.title).toBe('Sportify Camp || Instructors');
    const list = await table();
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['#', 'Photo', 'Name', 'Email Address']);
    const [, first, second] = within(list).getAllByRole('row');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['1', '', 'Jordan Lee', 'jordan@sportify.camp']);
    expect(within(second).getAllByRole('cell')[0]).toHaveTextContent('2');
    const photo = within(first).getByRole('img', { name: 'Jordan Lee' });
    expect(photo).toHaveAttribute('src', '/pictures/a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1/160.jpg');
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(photo).toHaveAttribute('width', '48');
    expect(photo).toHaveAttribute('height', '48');
    expect(within(second).getByRole('link', { name: 'sam@sportify.camp' })).toHaveAttribute(
      'href',
      'mailto:sam@sportify.camp',
    );
    const count = screen.getByText('2 of 2 instructors');
    expect(count).toHaveAttribute('role', 'status');
    expect(count).toHaveAttribute('aria-live', 'polite');
    // The paged form, never the whole list; one page needs no page buttons.
    expect(asked).toEqual([{ limit: 24 }]);
    expect(screen.queryByRole('navigation', { name: 'Instructors pages' })).not.toBeInTheDocument();
  });

  it('shows the initials while a photo is being imported, never the URL it was given', async () => {
    serve([
      instructors[0],
      { ...instructors[1], userPhoto: 'https://elsewhere.test/sam.jpg', picture: { status: 'pending' as const } },
    ]);
    open();
    const list = await table();
    const fallback = within(list).getByRole('img', { name: 'Sam Rivera' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback).toHaveTextContent('SR');
    expect(within(list).getByRole('img', { name: 'Jordan Lee' }).tagName).toBe('IMG');
  });

  it('shows a spinner, then a readable error whose Retry loads the table', async () => {
    let fail = true;
    http = mockApi({
      'GET /instructors': () =>
        fail
          ? [500, { statusCode: 500, message: 'Internal server error' }]
          : [200, { items: instructors, total: 2, page: 1, limit: 24 }],
    });
    const user = userEvent.setup();
    open();
    expect(screen.getByRole('status', { name: 'Loading instructors' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Instructors could not be loaded: Internal server error',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await table()).toBeInTheDocument();
  });

  it('says so when there are no instructors yet', async () => {
    serve([]);
    open();
    expect(await screen.findByText('No instructors yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });
});

describe('Instructors: search and pages', () => {
  it('searches by name after typing pauses, with one request and q in the URL', async () => {
    serve([...instructors, ...many]);
    const user = userEvent.setup();
    const { router } = open();
    expect(await screen.findByText('24 of 32 instructors')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search instructors' }), 'rivera');
    expect(await screen.findByText('1 of 1 instructors')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=rivera');
    expect(asked).toEqual([{ limit: 24 }, { limit: 24, q: 'rivera' }]);
    const [, only] = within(await table()).getAllByRole('row');
    expect(only).toHaveTextContent('Sam Rivera');
  });

  it('keeps counting # across pages, pages with numbers and Previous, and Back returns', async () => {
    serve(many);
    const user = userEvent.setup();
    const { router } = open('/instructors?page=2');
    expect(await screen.findByText('6 of 30 instructors')).toBeInTheDocument();
    expect(asked).toEqual([{ limit: 24, page: 2 }]);
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual([
      '25',
      '26',
      '27',
      '28',
      '29',
      '30',
    ]);
    expect(rows[0]).toHaveTextContent('Coach 25');
    const pages = screen.getByRole('navigation', { name: 'Instructors pages' });
    expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('24 of 30 instructors')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(within(await table()).getAllByRole('row')[1]).toHaveTextContent('1Coach 1');

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'));
    expect(await screen.findByText('6 of 30 instructors')).toBeInTheDocument();
  });

  it("says 'No instructors match your search' and Clear search shows them all again", async () => {
    serve(instructors);
    const user = userEvent.setup();
    const { router } = open('/instructors?q=nobody');
    expect(await screen.findByText('No instructors match your search')).toBeInTheDocument();
    expect(screen.getByText('0 of 0 instructors')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search instructors' })).toHaveValue('nobody');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('2 of 2 instructors')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search instructors' })).toHaveValue('');
  });
});
