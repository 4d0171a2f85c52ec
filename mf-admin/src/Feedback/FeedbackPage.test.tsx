import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppToastContainer, theme } from '@sportify/shared-ui';
import { mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import { FeedbackPage } from './FeedbackPage';

function renderPage() {
  const view = renderScreen(
    <>
      <FeedbackPage />
      <AppToastContainer />
    </>,
    {
      path: '/dashboard/feedback/:id',
      url: '/dashboard/feedback/c3',
      session: sessionAs('admin'),
    },
  );
  return { ...view, user: userEvent.setup() };
}

describe('Feedback', () => {
  let http: ReturnType<typeof mockApi> | undefined;
  afterEach(() => http?.restore());

  it('requires some text and sends nothing without it', async () => {
    http = mockApi({});
    const { user } = renderPage();
    expect(screen.getByRole('heading', { name: 'Feedback' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Your Feedback' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('textbox', { name: 'Your Feedback' })).toHaveAccessibleDescription('Feedback is required');
    expect(screen.getByText('Feedback is required')).toHaveStyle({ color: theme.colors.danger });
    expect(http.calls).toHaveLength(0);
  });

  it('sends the feedback, shows the notice and clears the form', async () => {
    http = mockApi({ 'PATCH /classes/feedback/c3': [200, { matchedCount: 1, modifiedCount: 1 }] });
    const { user } = renderPage();
    const field = screen.getByRole('textbox', { name: 'Your Feedback' });
    await user.type(field, 'Please add a safety plan.{Enter}And an equipment list.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Your feedback is successfully send')).toBeInTheDocument();
    expect(http.calls).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        url: '/classes/feedback/c3',
        body: { feedback: 'Please add a safety plan.\nAnd an equipment list.' },
      }),
    ]);
    expect(field).toHaveValue('');
    expect(field).not.toHaveAccessibleDescription();
  });

  it('names the class when it came from Manage Classes', async () => {
    http = mockApi({});
    const { router } = renderPage();
    await act(() => router.navigate('/dashboard/feedback/c3', { state: { className: 'Open Water Rowing' } }));
    expect(await screen.findByText('Open Water Rowing')).toBeInTheDocument();
  });

  it('keeps the text and says so when sending fails', async () => {
    http = mockApi({ 'PATCH /classes/feedback/c3': [404, { statusCode: 404, message: 'Class not found' }] });
    const { user } = renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Your Feedback' }), 'Nice plan');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This class no longer exists.');
    expect(screen.getByRole('textbox', { name: 'Your Feedback' })).toHaveValue('Nice plan');
    expect(screen.queryByText('Your feedback is successfully send')).not.toBeInTheDocument();
  });
});
