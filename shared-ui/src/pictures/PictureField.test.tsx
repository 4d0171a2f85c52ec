import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AppProviders, makeStore, useForm } from '@sportify/shared-ui';
import { PictureField } from './PictureField';

const show = (ui: React.ReactElement) => render(<AppProviders store={makeStore()}>{ui}</AppProviders>);

describe('PictureField', () => {
  function Form({ onFile }: { onFile: (file: File | null) => void }) {
    const form = useForm({ photoURL: '', photoFile: '' }, (v) =>
      v.photoURL || v.photoFile ? {} : { photoURL: 'Photo URL is required' },
    );
    const [sent, setSent] = useState(false);
    return (
      <form onSubmit={form.handleSubmit(() => setSent(true))} aria-label="Picture">
        <PictureField
          urlLabel="Photo URL"
          url={form.field('photoURL')}
          fileName={form.field('photoFile')}
          onFile={onFile}
          error={form.errors.photoURL}
        />
        <button type="submit">Send</button>
        {sent && <p>Sent</p>}
      </form>
    );
  }

  it("says 'Photo URL is required' when neither is given, and takes a file instead of a URL", async () => {
    const user = userEvent.setup();
    const onFile = jest.fn();
    show(<Form onFile={onFile} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Photo URL is required')).toBeInTheDocument();
    const file = new File([new Uint8Array([0x89, 0x50])], 'court.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload a picture'), file);
    expect(onFile).toHaveBeenLastCalledWith(file);
    expect(screen.queryByText('Photo URL is required')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Sent')).toBeInTheDocument();
  });

  it('refuses a file that is not a picture, or over 10 MB, before anything is sent', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onFile = jest.fn();
    show(<Form onFile={onFile} />);
    await user.upload(
      screen.getByLabelText('Upload a picture'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a JPEG, PNG, WebP, AVIF or GIF picture');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload a picture'), big);
    expect(screen.getByRole('alert')).toHaveTextContent('A picture must be at most 10 MB');
    expect(onFile).not.toHaveBeenCalledWith(expect.any(File));
  });
});
