import { isPrivateAddress, publicOnlyLookup } from './private-address';
import { checkWebhookUrl } from './webhook-url';

describe('private addresses (D12)', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1', // IPv4-mapped, in hex
    '64:ff9b::127.0.0.1', // NAT64 of loopback
    '64:ff9b::a00:1', // NAT64 of 10.0.0.1, in hex
    '64:ff9b:1::8.8.8.8', // local-use NAT64: refused whatever it carries
    '2002:7f00:1::1', // 6to4 of 127.0.0.1
    '2002:a9fe:a9fe::', // 6to4 of 169.254.169.254
    '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
    'fec0::1', // site-local
    '::127.0.0.1', // IPv4-compatible
    '::8.8.8.8', // IPv4-compatible: deprecated, refused whatever it carries
    'fe80::1%eth0', // with a zone id
    'not-an-address',
  ])('refuses %s', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '172.32.0.1',
    '192.169.0.1',
    '2606:4700::1111',
    '::ffff:1.1.1.1',
    '64:ff9b::1.1.1.1', // NAT64 of a public address
    '2002:808:808::1', // 6to4 of 8.8.8.8
  ])('allows %s', (address) => expect(isPrivateAddress(address)).toBe(false));
});

describe('checkWebhookUrl', () => {
  const resolve = async (host: string) =>
    ({ 'hooks.example.com': ['93.184.216.34'], 'inside.example.com': ['93.184.216.34', '10.0.0.5'] })[host] ??
    Promise.reject(new Error('ENOTFOUND'));
  const check = (url: string, allowPrivate = false) => checkWebhookUrl(url, { allowPrivate, resolve });

  it('accepts an https URL of a public host, without its fragment', async () => {
    await expect(check('https://hooks.example.com/swap?x=1#frag')).resolves.toBe(
      'https://hooks.example.com/swap?x=1',
    );
    await expect(check('https://93.184.216.34:8443/h')).resolves.toBe('https://93.184.216.34:8443/h');
  });

  it.each([
    ['ftp://hooks.example.com/', /http or https, not ftp/],
    ['hooks.example.com/swap', /not a URL/],
    ['https://user:pass@hooks.example.com/', /no credentials/],
    ['https://inside.example.com/', /resolves to 10\.0\.0\.5.*WEBHOOK_ALLOW_PRIVATE=true/],
    ['http://93.184.216.34:8443/h', /webhook URL is https: the body carries the swap token/],
    ['https://127.0.0.1:9000/', /^127\.0\.0\.1: loopback, private and link-local addresses are refused/],
    ['https://[::1]:9000/', /^::1: loopback/],
    ['https://[64:ff9b::7f00:1]/', /^64:ff9b::7f00:1: loopback/],
    ['https://169.254.169.254/latest/meta-data', /link-local/],
    ['https://nowhere.example.com/', /does not resolve/],
  ])('refuses %s', async (url, reason) => {
    await expect(check(url)).rejects.toThrow(reason);
  });

  it('allows private receivers, over plain http too, when WEBHOOK_ALLOW_PRIVATE=true', async () => {
    await expect(check('http://127.0.0.1:9000/hook', true)).resolves.toBe('http://127.0.0.1:9000/hook');
  });
});

describe('publicOnlyLookup (at connection time)', () => {
  const answers: Record<string, string[]> = {
    'hooks.example.com': ['93.184.216.34', '2606:2800:220:1::1'],
    'rebound.example.com': ['93.184.216.34', '10.0.0.5'],
  };
  const resolve = async (host: string) =>
    answers[host] ?? Promise.reject(new Error(`queryA ENOTFOUND ${host}`));
  const lookup = (host: string, options: { family?: number; all?: boolean }) =>
    new Promise<unknown>((done, fail) =>
      publicOnlyLookup(resolve)(host, options, (err, address, family) =>
        err ? fail(err) : done(options.all ? address : { address, family }),
      ),
    );

  it('answers with the public addresses, of the family asked for', async () => {
    await expect(lookup('hooks.example.com', {})).resolves.toEqual({ address: '93.184.216.34', family: 4 });
    await expect(lookup('hooks.example.com', { family: 6 })).resolves.toEqual({
      address: '2606:2800:220:1::1',
      family: 6,
    });
    await expect(lookup('hooks.example.com', { all: true })).resolves.toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
  });

  it('refuses a name with any private address, and passes on a failed resolution', async () => {
    await expect(lookup('rebound.example.com', {})).rejects.toThrow(
      'rebound.example.com resolves to 10.0.0.5, a loopback, private or link-local address',
    );
    await expect(lookup('nowhere.example.com', {})).rejects.toThrow('ENOTFOUND');
  });
});
