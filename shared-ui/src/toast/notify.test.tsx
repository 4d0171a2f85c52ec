import { toast } from 'react-toastify';
import { notify, TOAST_DURATIONS } from './notify';

jest.mock('react-toastify', () => {
  const toastFn = Object.assign(jest.fn(), { success: jest.fn(), error: jest.fn() });
  return { toast: toastFn, ToastContainer: () => null };
});

it('applies the spec durations: notices 1.5 s, success 2 s, error and blank 4 s', () => {
  notify.notice('Your work has been saved');
  notify.success('Saved');
  notify.error('Failed');
  notify.message('Hello');
  expect(toast.success).toHaveBeenNthCalledWith(1, 'Your work has been saved', { autoClose: 1500 });
  expect(toast.success).toHaveBeenNthCalledWith(2, 'Saved', { autoClose: 2000 });
  expect(toast.error).toHaveBeenCalledWith('Failed', { autoClose: 4000 });
  expect(toast).toHaveBeenCalledWith('Hello', { autoClose: 4000 });
  expect(TOAST_DURATIONS).toEqual({ notice: 1500, success: 2000, error: 4000, blank: 4000 });
});
