import { digestAuthorization, parseDigestChallenge } from './digest-auth';

describe('HTTP digest authentication', () => {
  it('answers the RFC 2617 example challenge with its published response', () => {
    const challenge = parseDigestChallenge(
      'Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
    );
    expect(challenge).toEqual({
      realm: 'testrealm@host.com',
      nonce: 'dcd98b7102dd2f0e8b11d0f600bfb0c093',
      qop: 'auth',
      opaque: '5ccc069c403ebaf9f0171e9517f40e41',
      algorithm: 'MD5',
    });
    const header = digestAuthorization(challenge!, {
      user: 'Mufasa',
      password: 'Circle Of Life',
      method: 'GET',
      uri: '/dir/index.html',
      count: 1,
      cnonce: '0a4f113b',
    });
    expect(header).toContain('response="6629fae49393a05397450978507c4ef1"');
    expect(header).toContain('nc=00000001');
  });

  it('takes the MD5 challenge of the two monero-wallet-rpc sends, joined by fetch', () => {
    const joined =
      'Digest qop="auth",algorithm=MD5,realm="monero-rpc",nonce="R6sjgQNKaecpEHcdC9Zx1g==",stale=false, ' +
      'Digest qop="auth",algorithm=MD5-sess,realm="monero-rpc",nonce="R6sjgQNKaecpEHcdC9Zx1g==",stale=false';
    expect(parseDigestChallenge(joined)).toEqual({
      realm: 'monero-rpc',
      nonce: 'R6sjgQNKaecpEHcdC9Zx1g==',
      qop: 'auth',
      opaque: undefined,
      algorithm: 'MD5',
    });
  });

  it('finds no digest challenge in a Basic one', () => {
    expect(parseDigestChallenge('Basic realm="x"')).toBeNull();
  });
});
