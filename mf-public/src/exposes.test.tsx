import type { ComponentType } from 'react';
import { screen } from '@testing-library/react';
import { mockApi, renderScreen } from '@sportify/shared-ui/testing';
import Home from './Home';
import Instructors from './Instructors';
import Classes from './Classes';

// Every exposed module (federation.config.js) default-exports a screen that renders inside the shell's store,
// router and theme, and sets its page title for when the remote runs alone.
const screens: Array<[string, ComponentType, string, string]> = [
  ['Home', Home, 'Top 6 Popular Class', 'Sportify Camp || Home'],
  ['Instructors', Instructors, 'Our all instructors information', 'Sportify Camp || Instructors'],
  ['Classes', Classes, 'All Classes are here', 'Sportify Camp || Classes'],
];

let http: ReturnType<typeof mockApi>;
afterEach(() => http.restore());

it.each(screens)('%s renders its heading and title', async (_name, Screen, heading, title) => {
  http = mockApi({});
  renderScreen(<Screen />);
  expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
  expect(document.title).toBe(title);
  // Unanswered calls end in the readable error state, never a crash.
  expect((await screen.findAllByRole('alert')).length).toBeGreaterThan(0);
});
