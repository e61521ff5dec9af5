import { isPrivateAddress } from './private-address';
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
    'not-an-address',
  ])('refuses %s', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['1.1.1.1', '8.8.8.8', '172.32.0.1', '192.169.0.1', '2606:4700::1111', '::ffff:1.1.1.1'])(
    'allows %s',
    (address) => expect(isPrivateAddress(address)).toBe(false),
  );
});

describe('checkWebhookUrl', () => {
  const resolve = async (host: string) =>
    ({ 'hooks.example.com': ['93.184.216.34'], 'inside.example.com': ['93.184.216.34', '10.0.0.5'] })[host] ??
    Promise.reject(new Error('ENOTFOUND'));
  const check = (url: string, allowPrivate = false) => checkWebhookUrl(url, { allowPrivate, resolve });

  it('accepts an https or http URL of a public host, without its fragment', async () => {
    await expect(check('https://hooks.example.com/swap?x=1#frag')).resolves.toBe(
      'https://hooks.example.com/swap?x=1',
    );
    await expect(check('http://93.184.216.34:8443/h')).resolves.toBe('http://93.184.216.34:8443/h');
  });

  it.each([
    ['ftp://hooks.example.com/', /http or https, not ftp/],
    ['hooks.example.com/swap', /not a URL/],
    ['https://user:pass@hooks.example.com/', /no credentials/],
    ['https://inside.example.com/', /resolves to 10\.0\.0\.5.*WEBHOOK_ALLOW_PRIVATE=true/],
    ['http://127.0.0.1:9000/', /^127\.0\.0\.1: loopback, private and link-local addresses are refused/],
    ['http://[::1]:9000/', /^::1: loopback/],
    ['http://169.254.169.254/latest/meta-data', /link-local/],
    ['https://nowhere.example.com/', /does not resolve/],
  ])('refuses %s', async (url, reason) => {
    await expect(check(url)).rejects.toThrow(reason);
  });

  it('allows private receivers when WEBHOOK_ALLOW_PRIVATE=true', async () => {
    await expect(check('http://127.0.0.1:9000/hook', true)).resolves.toBe('http://127.0.0.1:9000/hook');
  });
});
