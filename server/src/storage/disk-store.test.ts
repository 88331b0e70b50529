import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DiskFileStore } from './disk-store.ts';
import { generateKey, InvalidStorageKeyError, thumbnailKeyFor } from './file-store.ts';

let root: string;
let store: DiskFileStore;
const owner = randomUUID();

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'bidwright-store-'));
  store = new DiskFileStore(root);
});
afterAll(async () => rm(root, { recursive: true, force: true }));

describe('DiskFileStore', () => {
  it('writes, reads, streams and deletes an object under a generated key', async () => {
    const key = generateKey('portfolio', owner, 'png');
    expect(key).toMatch(new RegExp(`^portfolio/${owner}/[0-9a-f-]{36}\\.png$`));
    await store.put(key, Buffer.from('hello'));
    expect((await store.read(key))?.toString()).toBe('hello');
    const opened = await store.open(key);
    expect(opened?.size).toBe(5);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello');
    expect((await stat(join(root, key))).mode & 0o777).toBe(0o600);
    await store.delete(key);
    expect(await store.read(key)).toBeNull();
    expect(await store.open(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('leaves no temporary files behind', async () => {
    const key = generateKey('portfolio', owner, 'pdf');
    await store.put(key, Buffer.from('%PDF'));
    const names = await readdir(join(root, 'portfolio', owner));
    expect(names.some((name) => name.endsWith('.part'))).toBe(false);
  });

  it('derives thumbnail keys beside the original', () => {
    const key = generateKey('portfolio', owner, 'jpg');
    expect(thumbnailKeyFor(key, 'webp')).toBe(key.replace(/\.jpg$/, '.thumb.webp'));
  });

  it.each([
    '../etc/passwd',
    `portfolio/${owner}/../../../etc/passwd`,
    `portfolio/${owner}/evil.png`,
    `/abs/${owner}/${randomUUID()}.png`,
    `portfolio/${owner}/${randomUUID()}.png\u0000.txt`,
    `portfolio\\${owner}\\${randomUUID()}.png`,
    '',
  ])('refuses the key %j', async (key) => {
    await expect(store.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(store.read(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it('refuses extensions that are not plain', () => {
    expect(() => generateKey('portfolio', owner, '../png')).toThrow(InvalidStorageKeyError);
    expect(() => generateKey('portfolio', '../x', 'png')).toThrow(InvalidStorageKeyError);
  });

  it('deletes everything under an owner prefix, and only valid prefixes', async () => {
    const other = randomUUID();
    const mine = generateKey('portfolio', owner, 'png');
    const theirs = generateKey('portfolio', other, 'png');
    await store.put(mine, Buffer.from('a'));
    await store.put(theirs, Buffer.from('b'));
    await store.deletePrefix(`portfolio/${owner}`);
    expect(await store.read(mine)).toBeNull();
    expect((await store.read(theirs))?.toString()).toBe('b');
    await expect(store.deletePrefix('portfolio/..')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(store.deletePrefix('')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });
});
