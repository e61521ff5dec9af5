import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createUser } from '@nats-io/nkeys';
import { busCredentialsFromEnv, BusCredentialsError } from './credentials';

describe('busCredentialsFromEnv', () => {
  let dir: string;
  const file = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };

  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'bus-creds-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is anonymous with no setting (a developer nats-server)', () => {
    expect(busCredentialsFromEnv({})).toEqual({ source: 'anonymous' });
  });

  it('reads a user nkey seed, and names the file, never the seed', () => {
    const seed = new TextDecoder().decode(createUser().getSeed());
    const path = file('gateway.nk', `${seed}\n`);
    const credentials = busCredentialsFromEnv({ NATS_NKEY_SEED_FILE: path });
    expect(credentials.authenticator).toBeInstanceOf(Function);
    expect(credentials.source).toBe(`nkey seed ${path}`);
    expect(JSON.stringify(credentials)).not.toContain(seed);
  });

  it.each([
    [
      'a missing seed file',
      () => ({ NATS_NKEY_SEED_FILE: join(dir, 'absent.nk') }),
      /NATS_NKEY_SEED_FILE names .*absent\.nk, which cannot be read \(ENOENT\)/,
    ],
    [
      'a file that is no user seed',
      () => ({ NATS_NKEY_SEED_FILE: file('x.nk', 'SAAGNOTAUSERSEED\n') }),
      /NATS_NKEY_SEED_FILE \(.*\) does not hold a user nkey seed/,
    ],
    [
      'a creds file that is not one',
      () => ({ NATS_CREDS_FILE: file('x.creds', 'hello') }),
      /NATS_CREDS_FILE \(.*\) is not a NATS \.creds file/,
    ],
    [
      'both a seed and creds',
      () => ({ NATS_NKEY_SEED_FILE: 'a', NATS_CREDS_FILE: 'b' }),
      /set NATS_NKEY_SEED_FILE or NATS_CREDS_FILE, not both/,
    ],
    [
      'a client certificate without its key',
      () => ({ NATS_TLS_CERT_FILE: file('c.pem', 'x') }),
      /NATS_TLS_CERT_FILE and NATS_TLS_KEY_FILE go together/,
    ],
    [
      'an unreadable CA',
      () => ({ NATS_TLS_CA_FILE: join(dir, 'ca.pem') }),
      /NATS_TLS_CA_FILE names .*ca\.pem, which cannot be read/,
    ],
  ])('stops on %s, naming the variable', (_, env, message) => {
    const attempt = () => busCredentialsFromEnv(env());
    expect(attempt).toThrow(BusCredentialsError);
    expect(attempt).toThrow(message);
    try {
      attempt();
    } catch (err) {
      // What bootstrapService prints and stops on, without a stack trace.
      expect((err as BusCredentialsError).problems).toEqual([(err as Error).message]);
    }
  });

  it('takes TLS: the CA to trust, and a client certificate', () => {
    const credentials = busCredentialsFromEnv({
      NATS_TLS_CA_FILE: file('ca.pem', 'CA'),
      NATS_TLS_CERT_FILE: file('cert.pem', 'CERT'),
      NATS_TLS_KEY_FILE: file('key.pem', 'KEY'),
    });
    expect(credentials.tls).toEqual({ ca: 'CA', cert: 'CERT', key: 'KEY' });
  });
});
