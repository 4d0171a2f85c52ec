import { configure, act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicClass } from '@sportify/shared-ui';
import { mockApi, pagedRoute, renderScreen, signedOut } from '@sportify/shared-ui/testing';
import { ClassesPage } from './ClassesPage';

// Multi-step journeys through debounced inputs: generous waits on a busy machine (timings are not what is tested).
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

// Search, filters, sort and pages of the Classes screen: by role and label, HTTP mocked at the boundary, state in the
// memory router's URL.

const cls = (n: number): PublicClass => ({
  _id: `c${n}`,
  className: `Class ${n}`,
  classImage: `/images/classes/c${n}.svg`,
  picture: { status: 'ready' as const, id: 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1' },
  instructorName: 'Jordan Lee',
  instructorEmail: 'jordan@sportify.camp',
  seats: n % 3,
  price: 50 + n,
  enrolled: 1,
  // Even classes are dated: day n of July 2027, 9:00 in New York (13:00 UTC).
  ...(n % 2 === 0 ? { startDate: `2027-07-${String(n).padStart(2, '0')}T13:00:00.000Z` } : {}),
});
const INSTRUCTORS = {
  items: [
    { _id: 'u1', userName: 'Jordan Lee', email: 'jordan@sportify.camp', userPhoto: '' },
    { _id: 'u2', userName: 'Sam Rivera', email: 'sam@sportify.camp', userPhoto: '' },
  ],
  total: 2,
  page: 1,
  limit: 60,
};

let http: ReturnType<typeof mockApi>;
let asked: Record<string, unknown>[];
afterEach(() => http.restore());

/** A fake API of 50 classes, 24 a page; `total` is what it says matches (0 gives the empty state). */
function serve(total = 50) {
  asked = [];
  http = mockApi({
    'GET /classes': (config) => {
      const params = { ...(config.params as Record<string, unknown>) };
      asked.push(params);
      const pageNo = Number(params.page ?? 1);
      const items = Array.from({ length: Math.max(0, Math.min(24, total - (pageNo - 1) * 24)) }, (_, i) =>
        cls((pageNo - 1) * 24 + i + 1),
      );
      return [200, { items, total, page: pageNo, limit: 24 }];
    },
    'GET /instructors': [200, INSTRUCTORS],
  });
}

const open = (url = '/classes') => renderScreen(<ClassesPage />, { path: '/classes', url, session: signedOut });
const lastAsked = () => asked[asked.length - 1];
const search = (router: ReturnType<typeof open>['router']) => router.state.location.search;

describe('Classes: search, filters, sort and pages', () => {
  it('has labelled controls and announces the result count politely', async () => {
    serve();
    open();
    const count = await screen.findByText('24 of 50 classes');
    expect(count).toHaveAttribute('role', 'status');
    expect(count).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('searchbox', { name: 'Search classes' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
    expect(screen.getByRole('checkbox', { name: 'Only classes with free seats' })).not.toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Minimum price ($)' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Maximum price ($)' })).toBeInTheDocument();
    // One instructor control: a combobox whose list shows every instructor and 'All instructors'.
    expect(screen.getAllByRole('combobox', { name: /instructor/i })).toHaveLength(1);
    expect(screen.queryByRole('searchbox', { name: /instructor/i })).not.toBeInTheDocument();
    const instructor = screen.getByRole('combobox', { name: 'Instructor' });
    expect(instructor).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(instructor);
    expect(instructor).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: 'Instructors' });
    expect(instructor).toHaveAttribute('aria-controls', list.id);
    await waitFor(() => expect(within(list).getByRole('option', { name: 'Sam Rivera' })).toBeInTheDocument());
    expect(within(list).getByRole('option', { name: 'All instructors', selected: true })).toBeInTheDocument();
    expect(lastAsked()).toEqual({ limit: 24 });
    const pages = screen.getByRole('navigation', { name: 'Classes pages' });
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('debounces the search: one request after typing pauses, with q in the URL', async () => {
    serve();
    const user = userEvent.setup();
    const { router } = open();
    await screen.findByText('24 of 50 classes');
    const before = asked.length;
    await user.type(screen.getByRole('searchbox', { name: 'Search classes' }), 'soc');
    await waitFor(() => expect(search(router)).toBe('?q=soc'));
    await waitFor(() => expect(lastAsked()).toEqual({ limit: 24, q: 'soc' }));
    expect(asked.length - before).toBe(1);
  });

  it('filters to free seats, sorts by price, pages with numbers and Next; Back returns to page 1', async () => {
    serve();
    const user = userEvent.setup();
    const { router } = open();
    await screen.findByText('24 of 50 classes');
    await user.click(screen.getByRole('checkbox', { name: 'Only classes with free seats' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: low to high');
    await user.click(screen.getByRole('combobox', { name: 'Instructor' }));
    await user.click(await screen.findByRole('option', { name: 'Sam Rivera' }));
    await waitFor(() =>
      expect(lastAsked()).toEqual({ limit: 24, available: 'true', sort: 'price', instructor: 'sam@sportify.camp' }),
    );

    const pages = screen.getByRole('navigation', { name: 'Classes pages' });
    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastAsked()).toMatchObject({ page: 2, sort: 'price' }));
    expect(await screen.findByRole('article', { name: 'Class 25' })).toBeInTheDocument();
    expect(screen.getByText('24 of 50 classes')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(new URLSearchParams(search(router)).get('page')).toBe('2');

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('2 of 50 classes')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();

    await act(() => router.navigate(-1));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page'));
    expect(await screen.findByRole('article', { name: 'Class 1' })).toBeInTheDocument();
    // A new filter starts again at page 1.
    await user.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(new URLSearchParams(search(router)).get('page')).toBe('3'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: high to low');
    await waitFor(() => expect(new URLSearchParams(search(router)).get('page')).toBeNull());
    expect(lastAsked()).toMatchObject({ sort: '-price' });
    expect(lastAsked().page).toBeUndefined();
  });

  it('"Starting from" and "Starting soonest" go to the URL and the API; cards show when each class starts', async () => {
    serve();
    const user = userEvent.setup();
    const { router } = open();
    await screen.findByText('24 of 50 classes');
    const from = screen.getByLabelText('Starting from');
    expect(from).toHaveAttribute('type', 'date');
    await user.type(from, '2027-07-01');
    await waitFor(() => expect(lastAsked()).toEqual({ limit: 24, startsFrom: '2027-07-01' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Starting soonest');
    await waitFor(() => expect(lastAsked()).toEqual({ limit: 24, startsFrom: '2027-07-01', sort: 'start' }));
    expect(new URLSearchParams(search(router)).get('startsFrom')).toBe('2027-07-01');
    expect(new URLSearchParams(search(router)).get('sort')).toBe('start');
    // The served class 2 starts on a summer morning in the camp's zone; class 1 has no date.
    expect(await screen.findByRole('article', { name: 'Class 2' })).toHaveTextContent(
      'Starts Fri, Jul 2, 2027, 9:00 AM EDT',
    );
    expect(screen.getByRole('article', { name: 'Class 1' })).not.toHaveTextContent('Starts');
    // Shared as a link, the controls come back.
    serve();
    open('/classes?startsFrom=2027-08-15&sort=start');
    await waitFor(() => expect(lastAsked()).toEqual({ limit: 24, startsFrom: '2027-08-15', sort: 'start' }));
  });

  it('"Camper\'s age" goes to the URL and the API, and comes back from a shared link', async () => {
    serve();
    const user = userEvent.setup();
    const { router } = open();
    await screen.findByText('24 of 50 classes');
    const age = screen.getByRole('spinbutton', { name: "Camper's age" });
    await user.type(age, '9');
    await waitFor(() => expect(lastAsked()).toEqual({ limit: 24, age: 9 }));
    expect(new URLSearchParams(search(router)).get('age')).toBe('9');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
    serve();
    open('/classes?age=13');
    await waitFor(() => expect(lastAsked()).toEqual({ limit: 24, age: 13 }));
  });

  it('restores every control and the page from a shared URL', async () => {
    serve();
    open('/classes?q=ten&instructor=sam%40sportify.camp&available=true&minPrice=60&maxPrice=90&sort=-price&page=2');
    await screen.findByText('24 of 50 classes');
    expect(lastAsked()).toEqual({
      limit: 24,
      q: 'ten',
      instructor: 'sam@sportify.camp',
      available: 'true',
      minPrice: 60,
      maxPrice: 90,
      sort: '-price',
      page: 2,
    });
    expect(screen.getByRole('searchbox', { name: 'Search classes' })).toHaveValue('ten');
    expect(screen.getByRole('spinbutton', { name: 'Minimum price ($)' })).toHaveValue(60);
    expect(screen.getByRole('spinbutton', { name: 'Maximum price ($)' })).toHaveValue(90);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('-price');
    expect(screen.getByRole('checkbox', { name: 'Only classes with free seats' })).toBeChecked();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Instructor' })).toHaveValue('Sam Rivera'));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it("says 'No classes match your search' and Clear filters goes back to every class", async () => {
    serve(0);
    const user = userEvent.setup();
    const { router } = open('/classes?q=zzz&maxPrice=10');
    expect(await screen.findByText('No classes match your search')).toBeInTheDocument();
    expect(screen.getByText('0 of 0 classes')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Classes pages' })).not.toBeInTheDocument();
    serve(50);
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clear[clear.length - 1]);
    expect(search(router)).toBe('');
    expect(await screen.findByText('24 of 50 classes')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search classes' })).toHaveValue('');
    expect(lastAsked()).toEqual({ limit: 24 });
  });
});

describe('Classes: the instructor filter reaches every instructor', () => {
  const coaches = Array.from({ length: 75 }, (_, i) => ({
    _id: `i${i + 1}`,
    userName: `Coach ${String(i + 1).padStart(2, '0')}`,
    email: `coach${i + 1}@example.com`,
    userPhoto: '',
  }));
  let instructorAsks: Record<string, unknown>[];

  /** One class, and GET /instructors as the API answers it: by name, 60 at most. */
  const byName = pagedRoute(coaches, (c, { q = '' }) => c.userName.toLowerCase().includes(String(q).toLowerCase()));
  function serveMany() {
    asked = [];
    instructorAsks = [];
    http = mockApi({
      'GET /classes': (config) => {
        const params = { ...(config.params as Record<string, unknown>) };
        asked.push(params);
        return [200, { items: [cls(1)], total: 1, page: 1, limit: 24 }];
      },
      'GET /instructors': (config, body) => {
        instructorAsks.push(config.params as Record<string, unknown>);
        return byName(config, body);
      },
    });
  }

  it('finds an instructor beyond the first 60 by typing, with the keyboard, and says when more exist', async () => {
    serveMany();
    const user = userEvent.setup();
    const { router } = open();
    const box = screen.getByRole('combobox', { name: 'Instructor' });
    await user.click(box);
    expect(await screen.findByText('60 of 75 instructors listed: type a name to find more')).toBeInTheDocument();
    const list = screen.getByRole('listbox', { name: 'Instructors' });
    expect(within(list).queryByRole('option', { name: 'Coach 70' })).not.toBeInTheDocument();
    expect(instructorAsks).toEqual([{ limit: 60 }]);

    await user.type(box, 'coach 70');
    await waitFor(() => expect(within(list).getByRole('option', { name: 'Coach 70' })).toBeInTheDocument());
    expect(instructorAsks[instructorAsks.length - 1]).toEqual({ limit: 60, q: 'coach 70' });
    expect(screen.queryByText(/instructors listed/)).not.toBeInTheDocument();
    // Arrow keys move the active option (announced through aria-activedescendant); Enter picks it.
    await user.keyboard('{ArrowDown}');
    const active = document.getElementById(box.getAttribute('aria-activedescendant')!);
    expect(active).toHaveTextContent('Coach 70');
    await user.keyboard('{Enter}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('Coach 70');
    await waitFor(() => expect(new URLSearchParams(search(router)).get('instructor')).toBe('coach70@example.com'));
    await waitFor(() => expect(lastAsked()).toEqual({ limit: 24, instructor: 'coach70@example.com' }));

    // Another search that no longer lists Coach 70 keeps them chosen; Escape puts the chosen name back.
    await user.clear(box);
    await user.type(box, 'zz');
    expect(await screen.findByText('No instructor has that name')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('Coach 70');
    expect(new URLSearchParams(search(router)).get('instructor')).toBe('coach70@example.com');

    // 'All instructors' (the first option) clears the filter.
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(new URLSearchParams(search(router)).get('instructor')).toBeNull());
    expect(box).toHaveValue('');
  });

  it('keeps an instructor named by a shared link chosen, by e-mail', async () => {
    serveMany();
    open('/classes?instructor=coach75%40example.com');
    const box = screen.getByRole('combobox', { name: 'Instructor' });
    expect(box).toHaveValue('coach75@example.com');
    await waitFor(() => expect(lastAsked()).toEqual({ limit: 24, instructor: 'coach75@example.com' }));
  });
});
