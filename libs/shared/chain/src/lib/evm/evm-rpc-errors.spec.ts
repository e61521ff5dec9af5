import { endpointOf, jsonRpcErrorOf, scrubUrl } from './evm-rpc-errors';

describe('RPC URL redaction', () => {
  const url = 'https://alice:s%3Dcret@eth.example.com:8545/v3/0123456789abcdef?apikey=topsecret';

  it('keeps scheme, host and port only', () => {
    expect(endpointOf(url)).toBe('https://eth.example.com:8545');
  });

  it('removes the credentials, path and query from a transport message', () => {
    const message = `server response 401 (info={ "requestUrl": "${url}", "user": "alice", "password": "s=cret" })`;
    const scrubbed = scrubUrl(message, url);
    for (const secret of ['alice', 's=cret', 's%3Dcret', '0123456789abcdef', 'topsecret'])
      expect(scrubbed).not.toContain(secret);
    expect(scrubbed).toContain('server response 401');
  });
});

describe('jsonRpcErrorOf', () => {
  it('finds the node error body where ethers puts it', () => {
    const body = { code: -32003, message: 'nonce too low' };
    expect(jsonRpcErrorOf({ code: 'UNKNOWN_ERROR', error: body })).toEqual(body);
    expect(jsonRpcErrorOf({ code: 'NONCE_EXPIRED', info: { error: body } })).toEqual(body);
  });

  it('finds none in a transport failure', () => {
    expect(
      jsonRpcErrorOf(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBeNull();
    expect(jsonRpcErrorOf({ code: 'SERVER_ERROR', error: null, info: { responseStatus: '502' } })).toBeNull();
  });
});
