import { FormStamps } from './form-stamp';

describe("the form's stamp (the page's anti-abuse field)", () => {
  let now = 1_000_000;
  const stamps = new FormStamps(Buffer.from('s'.repeat(32)), () => now);

  it('admits a form sent between 2 s and an hour after it was served', () => {
    now = 1_000_000;
    const stamp = stamps.issue();
    expect(stamps.check(stamp)).toBe('too-fresh');
    now += 1999;
    expect(stamps.check(stamp)).toBe('too-fresh');
    now += 1;
    expect(stamps.check(stamp)).toBe('ok');
    now += 3_600_000 - 2000;
    expect(stamps.check(stamp)).toBe('ok');
    now += 1;
    expect(stamps.check(stamp)).toBe('expired');
  });

  it('refuses a stamp it did not sign: missing, forged, another secret’s, or its time changed', () => {
    now = 5_000_000;
    const stamp = stamps.issue();
    now += 10_000;
    const [issuedAt, signature] = stamp.split('.');
    const other = new FormStamps(Buffer.from('t'.repeat(32)), () => now - 10_000).issue();
    expect(stamps.check('')).toBe('missing');
    expect(stamps.check(other)).toBe('missing');
    expect(stamps.check(`${Number(issuedAt) - 60_000}.${signature}`)).toBe('missing');
    expect(stamps.check(`${issuedAt}.${'A'.repeat(43)}`)).toBe('missing');
    expect(stamps.check(`${stamp}x`)).toBe('missing');
    expect(stamps.check(stamp)).toBe('ok');
  });
});
