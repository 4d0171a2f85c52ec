import type { ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders, makeStore } from '@sportify/shared-ui';
import ManageUsers from './ManageUsers';
import ManageClasses from './ManageClasses';
import Feedback from './Feedback';

// Every exposed module default-exports a screen that renders inside the shell's store, router and theme.
const screens: Array<[string, ComponentType, string]> = [
  ['ManageUsers', ManageUsers, 'All Users (Only Students)'],
  ['ManageClasses', ManageClasses, 'Manage Classes'],
  ['Feedback', Feedback, 'Feedback'],
];

it.each(screens)('%s renders its heading', (_name, Screen, heading) => {
  render(<AppProviders store={makeStore()}><MemoryRouter><Screen /></MemoryRouter></AppProviders>);
  expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
});
