import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderScreen } from '@sportify/shared-ui/testing';
import type { PublicPerson } from '@sportify/shared-ui';
import { InstructorsPage } from './InstructorsPage';

const instructors: PublicPerson[] = [
  { _id: 'u1', userName: 'Jordan Lee', email: 'jordan@sportify.camp', userPhoto: '/images/people/jordan.svg' },
  { _id: 'u2', userName: 'Sam Rivera', email: 'sam@sportify.camp', userPhoto: '/images/people/sam.svg' },
];

let http: ReturnType<typeof mockApi>;
afterEach(() => http.restore());

const open = () => renderScreen(<InstructorsPage />, { path: '/instructors' });

describe('Instructors', () => {
  it('lists every instructor in a table of #, photo, name and e-mail address', async () => {
    http = mockApi({ 'GET /instructors': [200, instructors] });
    open();
    expect(document.title).toBe('Sportify Camp || Instructors');
    const table = await screen.findByRole('table', { name: 'Our all instructors information' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['#', 'Photo', 'Name', 'Email Address']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['1', '', 'Jordan Lee', 'jordan@sportify.camp']);
    expect(within(second).getAllByRole('cell')[0]).toHaveTextContent('2');
    const photo = within(first).getByRole('img', { name: 'Jordan Lee' });
    expect(photo).toHaveAttribute('src', '/images/people/jordan.svg');
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(photo).toHaveAttribute('width', '48');
    expect(photo).toHaveAttribute('height', '48');
    expect(within(second).getByRole('link', { name: 'sam@sportify.camp' })).toHaveAttribute(
      'href',
      'mailto:sam@sportify.camp',
    );
    expect(http.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /instructors']);
  });

  it('shows the initials when a photo cannot be loaded, instead of a broken image', async () => {
    http = mockApi({ 'GET /instructors': [200, instructors] });
    open();
    const table = await screen.findByRole('table', { name: 'Our all instructors information' });
    fireEvent.error(within(table).getByRole('img', { name: 'Sam Rivera' }));
    const fallback = within(table).getByRole('img', { name: 'Sam Rivera' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback).toHaveTextContent('SR');
    expect(within(table).getByRole('img', { name: 'Jordan Lee' }).tagName).toBe('IMG');
  });

  it('shows a spinner, then a readable error whose Retry loads the table', async () => {
    let fail = true;
    http = mockApi({
      'GET /instructors': () =>
        fail ? [500, { statusCode: 500, message: 'Internal server error' }] : [200, instructors],
    });
    const user = userEvent.setup();
    open();
    expect(screen.getByRole('status', { name: 'Loading instructors' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Instructors could not be loaded: Internal server error',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Our all instructors information' })).toBeInTheDocument();
  });

  it('says so when there are no instructors yet', async () => {
    http = mockApi({ 'GET /instructors': [200, []] });
    open();
    expect(await screen.findByText('No instructors yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
