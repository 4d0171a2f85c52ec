import { render, screen } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { AppProviders, httpClient, makeStore, type CampClass } from '@sportify/shared-ui';
import { ClassesPage } from './ClassesPage';

const classes: CampClass[] = [
  { _id: 'c1', className: 'Soccer Training', classImage: '/soccer.svg', instructorName: 'Jordan Lee',
    instructorEmail: 'jordan@sportify.camp', seats: 5, price: 120, status: 'approved' },
  { _id: 'c2', className: 'Tennis Camp', classImage: '/tennis.svg', instructorName: 'Sam Rivera',
    instructorEmail: 'sam@sportify.camp', seats: 0, price: 90, status: 'approved' },
];

// HTTP mocked at the boundary: the shared axios client's adapter answers GET /classes.
function serve(status: number, data: unknown): AxiosAdapter {
  return async (config) => {
    const response = { status, statusText: '', data, headers: {}, config };
    if (status >= 400) throw Object.assign(new Error(String(status)), { isAxiosError: true, response, config });
    return response;
  };
}

const renderPage = () => render(<AppProviders store={makeStore()}><ClassesPage /></AppProviders>);

describe('Classes page', () => {
  const original = httpClient.defaults.adapter;
  afterEach(() => { httpClient.defaults.adapter = original; });

  it('lists the approved classes as cards', async () => {
    httpClient.defaults.adapter = serve(200, classes);
    renderPage();
    expect(screen.getByRole('heading', { name: 'All Classes are here' })).toBeInTheDocument();
    const soccer = await screen.findByRole('article', { name: 'Soccer Training' });
    expect(soccer).toHaveTextContent('Instructor Name: Jordan Lee');
    expect(soccer).toHaveTextContent('Available Seats: 5');
    expect(soccer).toHaveTextContent('Price: $120');
    expect(screen.getByRole('article', { name: 'Tennis Camp' })).toHaveTextContent('Available Seats: 0');
  });

  it('says so when the classes cannot be loaded', async () => {
    httpClient.defaults.adapter = serve(500, {});
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Classes could not be loaded');
  });
});
