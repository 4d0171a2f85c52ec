import { render, screen } from '@testing-library/react';
import { AppToastContainer, notify, TOAST_DURATIONS } from './notify';

describe('notify', () => {
  it('keeps the durations of docs/product.md §9: notices 1.5 s, success 2 s, error and blank 4 s', () => {
    expect(TOAST_DURATIONS).toEqual({ notice: 1500, success: 2000, error: 4000, blank: 4000 });
  });

  it('mounts the one container on the first notice and shows the message', async () => {
    render(<AppToastContainer />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await notify.notice('Your work has been saved');
    const notice = await screen.findByText('Your work has been saved');
    // The progress bar animates over the toast's autoClose time.
    const toastElement = notice.closest('.Toastify__toast') as HTMLElement;
    expect(toastElement.querySelector<HTMLElement>('[role="progressbar"]')?.style.animationDuration).toBe('1500ms');
    await notify.error('Something failed');
    expect(await screen.findByText('Something failed')).toBeInTheDocument();
  });
});
