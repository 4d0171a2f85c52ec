import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { theme } from '@sportify/shared-ui';
import { ConfirmDialog } from './ConfirmDialog';

function renderDialog(open = true) {
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  render(
    <ThemeProvider theme={theme}>
      <ConfirmDialog
        open={open}
        title="Are you sure?"
        text="Remove it from selected items"
        confirmLabel="Yes, remove it!"
        cancelLabel="Cancel"
        tone="danger"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </ThemeProvider>,
  );
  return { onConfirm, onCancel };
}

describe('ConfirmDialog', () => {
  it('is an accessible modal named by its title and described by its text, focusing the confirm button', () => {
    renderDialog();
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Remove it from selected items');
    expect(screen.getByRole('button', { name: 'Yes, remove it!' })).toHaveFocus();
  });

  it('confirms, cancels, and cancels on Escape', async () => {
    const user = userEvent.setup();
    const { onConfirm, onCancel } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Yes, remove it!' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('renders nothing when closed', () => {
    renderDialog(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
