import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppToastContainer } from '@sportify/shared-ui';
import { mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import type { SignatureListItemResponse, WaiverVersionResponse } from '@sportify/shared-ui/endpoints/waivers';
import { WaiversPage } from './WaiversPage';

configure({ asyncUtilTimeout: 5000 });
// Forms typed key by key on a busy machine: generous time (timings are not what is tested).
jest.setTimeout(30_000);

const v1: WaiverVersionResponse = {
  _id: 'w1',
  version: 1,
  title: 'Participation waiver',
  text: 'I allow my child to take part.',
  publishedAt: '2027-06-01T09:00:00.000Z',
  publishedBy: 'admin@sportify.camp',
};
const signature: SignatureListItemResponse = {
  _id: 's1',
  version: 1,
  camperId: 'k1',
  camperName: 'Ava Chen',
  typedName: 'Mia Chen',
  accountEmail: 'mia@sportify.camp',
  title: 'Participation waiver',
  signedAt: '2027-06-02T09:00:00.000Z',
};
const page = (items: SignatureListItemResponse[]) => ({ items, total: items.length, page: 1, limit: 20 });

let http: ReturnType<typeof mockApi>;
afterEach(() => http.restore());

const open = () => {
  renderScreen(
    <>
      <WaiversPage />
      <AppToastContainer />
    </>,
    { path: '/dashboard/waivers', session: sessionAs('admin') },
  );
  return userEvent.setup();
};

describe('Waivers', () => {
  it('publishes the first waiver, then a change as the next version', async () => {
    let current: WaiverVersionResponse | null = null;
    http = mockApi({
      'GET /waivers/current': () => [200, { current }],
      'GET /waivers/signatures': [200, page([])],
      'POST /waivers': (_config, body) => {
        current = { ...v1, ...(body as object), version: (current?.version ?? 0) + 1, _id: `w${Date.now()}` };
        return [201, current];
      },
    });
    const user = open();
    expect(await screen.findByRole('heading', { name: 'Waivers', level: 1 })).toBeInTheDocument();
    expect(
      await screen.findByText('No waiver is published yet: families are asked to sign nothing.'),
    ).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Waiver' });
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(within(form).getByLabelText('Title')).toHaveAccessibleDescription('Title is required');
    expect(within(form).getByLabelText('Text')).toHaveAccessibleDescription('Waiver text is required');
    expect(http.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(within(form).getByLabelText('Title'), 'Participation waiver');
    await user.type(within(form).getByLabelText('Text'), 'I allow my child to take part.');
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Waiver version 1 published')).toBeInTheDocument();
    expect(http.calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Participation waiver',
      text: 'I allow my child to take part.',
    });
    expect(await screen.findByText(/^Version 1, published/)).toBeInTheDocument();

    const again = screen.getByRole('form', { name: 'Waiver' });
    expect(within(again).getByLabelText('Text')).toHaveValue('I allow my child to take part.');
    await user.type(within(again).getByLabelText('Text'), ' Helmets are worn.');
    await user.click(within(again).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Waiver version 2 published')).toBeInTheDocument();
  });

  it("shows the API's refusal", async () => {
    http = mockApi({
      'GET /waivers/current': [200, { current: v1 }],
      'GET /waivers/signatures': [200, page([])],
      'POST /waivers': [
        409,
        {
          statusCode: 409,
          message: 'This is the current waiver already: change its title or text to publish a new version',
        },
      ],
    });
    const user = open();
    const form = await screen.findByRole('form', { name: 'Waiver' });
    await waitFor(() => expect(within(form).getByLabelText('Title')).toHaveValue('Participation waiver'));
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'This is the current waiver already: change its title or text to publish a new version',
    );
  });

  it('lists the signatures and downloads one as signed', async () => {
    const text = 'Participation waiver\r\nVersion 1\r\n\r\nI allow my child to take part.\r\n';
    http = mockApi({
      'GET /waivers/current': [200, { current: v1 }],
      'GET /waivers/signatures': [200, page([signature])],
      'GET /waivers/signatures/s1/document': [200, text],
    });
    const files: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      files.push(blob);
      return 'blob:waiver';
    };
    URL.revokeObjectURL = () => undefined;
    let downloaded = '';
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloaded = this.download;
    });
    const user = open();
    const table = await screen.findByRole('table', { name: 'Signed waivers' });
    const row = within(table).getByRole('row', { name: /Ava Chen/ });
    expect(row).toHaveTextContent('Mia Chen');
    expect(row).toHaveTextContent('mia@sportify.camp');
    await user.click(within(row).getByRole('button', { name: 'Download the waiver signed for Ava Chen (version 1)' }));
    await waitFor(() => expect(downloaded).toBe('waiver-ava-chen-v1.txt'));
    click.mockRestore();
    expect(await files[0].text()).toBe(text);
  });
});
