import { z } from 'zod';

/** Cursor pagination: every list answers `{ items, nextCursor }`, null after the last page. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
export type Page<T> = { items: T[]; nextCursor: string | null };

/** C0 controls (NUL among them), DEL and C1 controls: never part of words a person searches for. */
function hasControlCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/**
 * Search words from a query string: trimmed, at most `max` characters, and refused (400) when they
 * hold control characters, which the database cannot store or compare.
 */
export function searchTextSchema(max = 200) {
  return z
    .string()
    .trim()
    .max(max, { message: `Search words must be at most ${max} characters` })
    .refine((value) => !hasControlCharacter(value), {
      message: 'Search words cannot contain control characters',
    });
}

/** A cursor as the API writes it: base64url text. Its decoded content is checked by the server. */
export const cursorSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]*$/, {
    message: 'The cursor is not valid; start again from the first page.',
  });

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: cursorSchema.optional(),
});
