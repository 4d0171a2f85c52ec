import { createReleasePicker } from './releasePicker';

const V1 = 'http://localhost:3001/releases/0.1.0-aaaaaaa.1/mf-manifest.json';
const V2 = 'http://localhost:3001/releases/0.1.0-bbbbbbb.2/mf-manifest.json';

function setup(latestUrl: string, { age = 10_000 } = {}) {
  let clock = 0;
  const latest = jest.fn().mockResolvedValue({ mf_public: latestUrl });
  const register = jest.fn();
  const picker = createReleasePicker({
    initial: { mf_public: V1 },
    latest,
    register,
    maxAgeMs: 2000,
    now: () => clock,
  });
  clock += age;
  return { picker, latest, register };
}

describe('release picker', () => {
  it('loads the release live now when a remote is first used after a promote', async () => {
    const { picker, register } = setup(V2);
    await picker.pick('mf_public');
    expect(register).toHaveBeenCalledWith('mf_public', V2);
    expect(picker.entry('mf_public')).toBe(V2);
  });

  it('keeps the release a remote started on for the rest of the page', async () => {
    const { picker, latest, register } = setup(V1);
    await picker.pick('mf_public');
    latest.mockResolvedValue({ mf_public: V2 });
    await picker.pick('mf_public');
    expect(latest).toHaveBeenCalledTimes(1);
    expect(register).not.toHaveBeenCalled();
    expect(picker.entry('mf_public')).toBe(V1);
  });

  it("trusts the page's own config right after load (no extra request on the first view)", async () => {
    const { picker, latest } = setup(V2, { age: 500 });
    await picker.pick('mf_public');
    expect(latest).not.toHaveBeenCalled();
    expect(picker.entry('mf_public')).toBe(V1);
  });

  it('keeps the URL it has when config.json cannot be read', async () => {
    const { picker, latest, register } = setup(V2);
    latest.mockRejectedValue(new Error('offline'));
    await expect(picker.pick('mf_public')).resolves.toBeUndefined();
    expect(register).not.toHaveBeenCalled();
    expect(picker.entry('mf_public')).toBe(V1);
  });
});
