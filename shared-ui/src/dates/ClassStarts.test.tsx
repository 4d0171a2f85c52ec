import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { DEV_RUNTIME_CONFIG, setRuntimeConfig } from '../config/runtimeConfig';
import { ClassStarts } from './ClassStarts';

const JULY = '2027-07-06T13:00:00.000Z';

describe('ClassStarts', () => {
  afterEach(() => setRuntimeConfig(DEV_RUNTIME_CONFIG));

  it("says when a class starts, in the camp's zone, as a machine-readable time", () => {
    render(
      <p data-testid="starts">
        <ClassStarts iso={JULY} />
      </p>,
    );
    expect(screen.getByTestId('starts')).toHaveTextContent('Starts Tue, Jul 6, 2027, 9:00 AM EDT');
    expect(screen.getByText('Tue, Jul 6, 2027, 9:00 AM EDT')).toHaveAttribute('datetime', JULY);
  });

  it('shows nothing for a class without a date', () => {
    const { container } = render(<ClassStarts iso={undefined} />);
    expect(container).toBeEmptyDOMElement();
    render(<ClassStarts iso="not a date" />);
    expect(screen.queryByText(/Starts/)).not.toBeInTheDocument();
  });

  it("hydrates the server's dates without building a date formatter (the browser's slowest first step)", async () => {
    setRuntimeConfig({ ...DEV_RUNTIME_CONFIG, campTimeZone: 'Europe/Paris' });
    const html = renderToString(<ClassStarts iso={JULY} />);
    const root = document.createElement('p');
    root.innerHTML = html;
    document.body.append(root);
    // The browser's own copy of the module, with no formatter built yet, as in a page that has just loaded.
    await jest.isolateModulesAsync(async () => {
      const browser = await import('./ClassStarts');
      const dates = await import('./campDate');
      const config = await import('../config/runtimeConfig');
      const { hydrateRoot } = await import('react-dom/client');
      const { act } = await import('react');
      config.setRuntimeConfig({ ...DEV_RUNTIME_CONFIG, campTimeZone: 'Europe/Paris' });
      const formatters = jest.spyOn(Intl, 'DateTimeFormat');
      const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      dates.adoptShownCampDates(root);
      await act(async () => {
        hydrateRoot(root, <browser.ClassStarts iso={JULY} />);
      });
      expect(formatters).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      expect(root).toHaveTextContent('Starts Tue, Jul 6, 2027, 3:00 PM GMT+2');
      formatters.mockRestore();
      errors.mockRestore();
    });
    root.remove();
  });
});
