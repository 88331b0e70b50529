/**
 * Cursors no list of the API ever wrote: each must answer 400 `validation_failed` on every list
 * that takes `?cursor=`, never reach the database. They cover the keyset codec (`<iso>|<uuid>`),
 * the jobs and portfolio codecs (JSON arrays) and the responses offset codec (`o:<n>`).
 */
const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

const UUID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const NOT_A_UUID = '------------------------------------';

export const TAMPERED_CURSORS: string[] = [
  // Keyset: a time JavaScript accepts but the database does not, or no time at all.
  encode(`+275760-09-13T00:00:00.000Z|${UUID}`),
  encode(`0000-01-01T00:00:00.000Z|${UUID}`),
  encode(`2024-02-30T00:00:00.000Z|${UUID}`),
  encode(`1|${UUID}`),
  // Keyset: an id of the right length that is not a UUID, or extra parts.
  encode(`2024-01-01T00:00:00.000Z|${NOT_A_UUID}`),
  encode(`2024-01-01T00:00:00.000Z|${UUID}|x`),
  // Jobs: a time out of range, a score its column cannot hold, a malformed id.
  encode(JSON.stringify(['newest', 1e20, UUID])),
  encode(JSON.stringify(['fit', 1.5, UUID])),
  encode(JSON.stringify(['budget', 1e300, UUID])),
  encode(JSON.stringify(['newest', 1_700_000_000_000, NOT_A_UUID])),
  // Portfolio: a malformed id.
  encode(JSON.stringify([1, NOT_A_UUID])),
  // Responses: an offset with trailing text, or beyond the limit.
  encode('o:12abc'),
  encode('o:99999999'),
  // Not base64url at all, or not a cursor.
  'not a cursor!',
  '%00',
  encode('\u0000'),
];
