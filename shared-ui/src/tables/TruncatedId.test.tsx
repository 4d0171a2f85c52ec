import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme/theme';
import { TruncatedId } from './TruncatedId';

const id = 'pi_seed_family_6b0baa711971eabb86eed586_6b0baa741971eabb86eed6cc';

function renderInCell() {
  render(
    <ThemeProvider theme={theme}>
      <table>
        <tbody>
          <tr>
            <td>
              <TruncatedId value={id} copyLabel="Copy transaction id of Swimming Lessons" />
            </td>
          </tr>
        </tbody>
      </table>
    </ThemeProvider>,
  );
  return screen.getByRole('cell');
}

describe('TruncatedId', () => {
  it('gives screen readers the whole id once, then the Copy button named by what it copies', () => {
    const cell = renderInCell();
    // The shown start and end are hidden from screen readers: the cell reads as the whole id, once, then the button.
    expect(cell).toHaveAccessibleName(`${id} Copy`);
    expect(within(cell).getByRole('button', { name: 'Copy transaction id of Swimming Lessons' })).toHaveTextContent(
      /^Copy$/,
    );
  });

  it("shows the id's start and its last six characters, the whole id in the title", () => {
    const cell = renderInCell();
    const shown = within(cell).getByTitle(id);
    expect(shown).toHaveTextContent(id);
    expect(within(shown).getByText('eed6cc')).toBeVisible();
    expect(within(shown).getByText(id.slice(0, -6))).toBeVisible();
  });

  it('copies the whole id and says so', async () => {
    const user = userEvent.setup();
    const cell = renderInCell();
    // user-event's stand-in clipboard (jsdom has none); its readText needs Blob support jsdom lacks, so the write
    // itself is read.
    const write = jest.spyOn(navigator.clipboard, 'writeText');
    expect(within(cell).getByRole('status')).toHaveTextContent('');
    await user.click(within(cell).getByRole('button', { name: 'Copy transaction id of Swimming Lessons' }));
    expect(write).toHaveBeenCalledWith(id);
    expect(within(cell).getByRole('status')).toHaveTextContent('Copied');
  });

  it('says when the browser refuses to copy', async () => {
    const user = userEvent.setup();
    const cell = renderInCell();
    const refuse = jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));
    await user.click(within(cell).getByRole('button', { name: 'Copy transaction id of Swimming Lessons' }));
    expect(refuse).toHaveBeenCalledWith(id);
    expect(within(cell).getByRole('status')).toHaveTextContent('Could not copy');
  });
});
