import type { ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders, makeStore } from '@sportify/shared-ui';
import AddClass from './AddClass';
import MyClasses from './MyClasses';
import UpdateClass from './UpdateClass';
import Roster from './Roster';

// Every exposed module default-exports a screen that renders inside the shell's store, router and theme.
const screens: Array<[string, ComponentType, string]> = [
  ['AddClass', AddClass, 'Add A Class'],
  ['MyClasses', MyClasses, 'My Classes'],
  ['UpdateClass', UpdateClass, 'Update Class'],
  ['Roster', Roster, 'Roster'],
];

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
