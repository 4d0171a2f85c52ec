import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, workingRemotes } from '../test/renderApp';
import { withRetry } from './retry';

describe('withRetry', () => {
  it('retries a failing load and resolves once it succeeds', async () => {
    const task = jest.fn().mockRejectedValueOnce(new Error('flaky')).mockResolvedValueOnce('module');
    const beforeRetry = jest.fn();
    await expect(withRetry(task, { retries: 2, delayMs: 1, beforeRetry })).resolves.toBe('module');
    expect(task).toHaveBeenCalledTimes(2);
    expect(beforeRetry).toHaveBeenCalledWith(1);
  });

  it('gives up after the last retry with the last error', async () => {
    const task = jest.fn().mockRejectedValue(new Error('offline'));
    await expect(withRetry(task, { retries: 2, delayMs: 1 })).rejects.toThrow('offline');
    expect(task).toHaveBeenCalledTimes(3);
  });
});

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
