import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { offlineOpenApiDocument } from './openapi.offline';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * /v1/openapi.json as integrators have it: dumped while its response schemas were still classes
 * written by hand for @nestjs/swagger, so the document made from the zod schemas says the same. A
 * change of a path, parameter, field, type, enum or description fails here, and shows in review as
 * a change of the fixture. After an intended change of the API, write the fixture again with
 * UPDATE_OPENAPI_FIXTURE=1 npx jest --selectProjects unit --testPathPatterns openapi.equivalence
 */
const FIXTURE = join(__dirname, 'fixtures/openapi.v1.json');

/**
 * What says nothing to a client: key order, the order of `required`, and an object schema's empty
 * `properties` (zod writes `properties: {}` for an object of no declared fields, Nest wrote none).
 */
function canonical(value: Json, key = ''): Json {
  if (Array.isArray(value)) {
    const items = value.map((item) => canonical(item));
    return key === 'required' ? [...items].sort() : items;
  }
  if (value === null || typeof value !== 'object') return value;
  const empty = (name: string) =>
    key !== 'properties' && name === 'properties' && JSON.stringify(value[name]) === '{}';
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .filter((name) => !empty(name))
      .map((name) => [name, canonical(value[name], name)]),
  );
}

describe('the served OpenAPI document', () => {
  it('is the one integrators have (fixture), up to key order', async () => {
    const document = JSON.parse(JSON.stringify(await offlineOpenApiDocument())) as Json;
    if (process.env.UPDATE_OPENAPI_FIXTURE) writeFileSync(FIXTURE, `${JSON.stringify(document, null, 2)}\n`);
    const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Json;
    expect(canonical(document)).toEqual(canonical(fixture));
  });
});
