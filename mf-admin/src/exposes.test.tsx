import type { ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders, makeStore } from '@sportify/shared-ui';
import { mockApi } from '@sportify/shared-ui/testing';
import ManageUsers from './ManageUsers';
import ManageClasses from './ManageClasses';
import Feedback from './Feedback';
import PlatformStatus from './PlatformStatus';
import Payments from './Payments';
import Waivers from './Waivers';

// Every exposed module default-exports a screen that renders inside the shell's store, router and theme.
const screens: Array<[string, ComponentType, string]> = [
  ['ManageUsers', ManageUsers, 'All Users (Only Students)'],
  ['ManageClasses', ManageClasses, 'Manage Classes'],
  ['Feedback', Feedback, 'Feedback'],
  ['PlatformStatus', PlatformStatus, 'Platform Status'],
  ['Payments', Payments, 'Payments'],
  ['Waivers', Waivers, 'Waivers'],
];

// The lists load on mount; answer at the HTTP boundary so no real request outlives the test.
let http: ReturnType<typeof mockApi>;
// Platform Status reads the shell origin's JSON with fetch: answer it too.
beforeEach(() => {
  http = mockApi({
    'GET /users': [200, []],
    'GET /all-classes': [200, []],
    'GET /payments/partial-refunds': [200, { count: 0, items: [] }],
    'GET /payments/unsettled': [200, { items: [], total: 0, page: 1, limit: 20 }],
    'GET /waivers/current': [200, { current: null }],
    'GET /waivers/signatures': [200, { items: [], total: 0, page: 1, limit: 20 }],
  });
  jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{}', { status: 200 }));
});
afterEach(() => {
  http.restore();
  jest.restoreAllMocks();
});

it.each(screens)('%s renders its heading', (_name, Screen, heading) => {
  render(
    <AppProviders store={makeStore()}>
      <MemoryRouter>
        <Screen />
      </MemoryRouter>
    </AppProviders>,
  );
  expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
});
