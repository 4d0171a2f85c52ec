import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, workingRemotes } from '../test/renderApp';

describe('preloading', () => {
  it("starts loading a remote's code when its link is hovered or focused, once", async () => {
    const user = userEvent.setup();
    const preload = jest.fn().mockResolvedValue(undefined);
    await renderApp({ path: '/login', remotes: { ...workingRemotes, preload } });
    const classes = screen.getByRole('link', { name: 'Classes' });
    await user.hover(classes);
    expect(preload).toHaveBeenCalledWith('mf_public', 'Classes');
    await user.unhover(classes);
    await user.hover(classes);
    expect(preload).toHaveBeenCalledTimes(1);

    // Keyboard focus preloads too.
    screen.getByRole('link', { name: 'Instructor' }).focus();
    expect(preload).toHaveBeenCalledWith('mf_public', 'Instructors');
  });
});
