import type { OpenAPIObject, OperationObject } from '@nestjs/swagger';

/** D2's four headers, each an apiKey scheme: every signed operation needs all four (one requirement). */
export const SIGNATURE_SCHEMES = {
  apiKey: { name: 'X-API-KEY', description: 'The API key id' },
  apiTimestamp: { name: 'X-API-TIMESTAMP', description: 'Unix time in seconds, within ±30 s of the server' },
  apiNonce: { name: 'X-API-NONCE', description: '16-64 characters of [A-Za-z0-9_-], single use per key' },
  apiSign: {
    name: 'X-API-SIGN',
    description:
      'Lowercase hex HMAC-SHA256(secret, timestamp + "\\n" + nonce + "\\n" + METHOD + "\\n" + path + "\\n" + body), ' +
      'path as sent (with /v1 and any query), body exactly as sent ("" for GET)',
  },
} as const;

const SIGNED_PATHS = /^\/v1\/swap\//;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const signatureHeaders = new Set<string>(
  Object.values(SIGNATURE_SCHEMES).map(({ name }) => name.toLowerCase()),
);

/**
 * Declares the signature headers as security schemes and requires them on every /v1/swap
 * operation. The controller's header parameters of the same names go: the schemes describe them,
 * and a client generator would otherwise ask for each header twice.
 */
export function withSignatureSecurity(document: OpenAPIObject): OpenAPIObject {
  const securitySchemes = Object.fromEntries(
    Object.entries(SIGNATURE_SCHEMES).map(([id, { name, description }]) => [
      id,
      { type: 'apiKey' as const, in: 'header', name, description },
    ]),
  );
  const requirement = Object.fromEntries(Object.keys(SIGNATURE_SCHEMES).map((id) => [id, [] as string[]]));
  const signed = (operation: OperationObject): OperationObject => ({
    ...operation,
    parameters: operation.parameters?.filter(
      (parameter) =>
        !('in' in parameter) ||
        parameter.in !== 'header' ||
        !signatureHeaders.has(parameter.name.toLowerCase()),
    ),
    security: [requirement],
  });
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, item]) => {
      if (!SIGNED_PATHS.test(path)) return [path, item];
      const operations = METHODS.flatMap((method) => {
        const operation = item[method];
        return operation ? [[method, signed(operation)]] : [];
      });
      return [path, { ...item, ...Object.fromEntries(operations) }];
    }),
  );
  return {
    ...document,
    paths,
    components: {
      ...document.components,
      securitySchemes: { ...document.components?.securitySchemes, ...securitySchemes },
    },
  };
}
