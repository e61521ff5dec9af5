import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32).toString('hex'));

  it('opens what it sealed; a tampered or foreign secret does not open', () => {
    const sealed = box.seal('s3cret');
    expect(sealed).not.toContain('s3cret');
    expect(box.open(sealed)).toBe('s3cret');
    expect(box.seal('s3cret')).not.toBe(sealed); // fresh IV every time
    const [version, iv, tag, body] = sealed.split(':');
    const flipped = Buffer.from(body, 'base64');
    flipped[0] ^= 1;
    expect(() => box.open([version, iv, tag, flipped.toString('base64')].join(':'))).toThrow();
    expect(() => new SecretBox(randomBytes(32).toString('base64')).open(sealed)).toThrow();
    expect(() => new SecretBox('too short')).toThrow(/32 bytes/);
  });
});
