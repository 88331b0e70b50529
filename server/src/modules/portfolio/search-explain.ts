import { and, eq, inArray, sql } from 'drizzle-orm';

import type { PortfolioMatchField, PortfolioSearchHit, SnippetSegment } from '#contract/portfolio';

import type { Database } from '../../db/client.ts';
import { portfolioItems } from '../../db/schema/portfolio.ts';
import {
  hydrateItems,
  itemColumns,
  queryRows,
  type CitationCounter,
  type ItemRecord,
} from './repo.ts';
import type { ParsedQuery } from './search-query.ts';

/** Why each portfolio search hit matched: the words it contains, where, a marked snippet. */

const START = '\u0002';
const STOP = '\u0003';
const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=28, MinWords=10, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

export async function explain(
  db: Database,
  userId: string,
  parsed: ParsedQuery,
  ranked: Array<{ id: string; score: number; textRank: number; similarity: number | null }>,
  countCitations?: CitationCounter,
): Promise<PortfolioSearchHit[]> {
  if (ranked.length === 0) return [];
  const ids = ranked.map((entry) => entry.id);
  const query = parsed.tsquery ?? sql`''::tsquery`;
  const termValues =
    parsed.terms.length > 0
      ? sql`(values ${sql.join(
          parsed.terms.map((term) => sql`(${term.word}::text, ${term.query})`),
          sql`, `,
        )}) as t(word, query)`
      : sql`(select null::text as word, ''::tsquery as query where false) as t`;
  const rows = await queryRows<{
    id: string;
    matched_terms: string[] | string | null;
    in_a: boolean;
    in_b: boolean;
    in_c: boolean;
    in_d: boolean;
    headline: string | null;
  }>(
    db,
    sql`
    with q as (select ${query} as query)
    select p.id,
      array(select t.word from ${termValues} where p.search_vector @@ t.query) as matched_terms,
      ts_filter(p.search_vector, '{a}') @@ q.query as in_a,
      ts_filter(p.search_vector, '{b}') @@ q.query as in_b,
      ts_filter(p.search_vector, '{c}') @@ q.query as in_c,
      ts_filter(p.search_vector, '{d}') @@ q.query as in_d,
      ts_headline('english'::regconfig,
        coalesce(nullif(concat_ws(' … ', nullif(p.description, ''), nullif(p.results, ''),
          nullif(left(p.files_text, 20000), '')), ''), p.title),
        q.query, ${HEADLINE_OPTIONS}) as headline
    from ${portfolioItems} p, q
    where p.user_id = ${userId} and p.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  const why = new Map(rows.map((row) => [row.id, row]));

  const records = await db
    .select(itemColumns)
    .from(portfolioItems)
    .where(and(eq(portfolioItems.userId, userId), inArray(portfolioItems.id, ids)));
  const byId = new Map<string, ItemRecord>(records.map((record) => [record.id, record]));
  const ordered = ranked.filter((entry) => byId.has(entry.id));
  const items = await hydrateItems(
    db,
    ordered.map((entry) => byId.get(entry.id) as ItemRecord),
    countCitations,
  );

  return ordered.map((entry, index) => {
    const row = why.get(entry.id);
    const matchedIn: PortfolioMatchField[] = [];
    if (row?.in_a) matchedIn.push('title_skills');
    if (row?.in_b) matchedIn.push('description_results');
    if (row?.in_c) matchedIn.push('role_industry');
    if (row?.in_d) matchedIn.push('files');
    return {
      item: items[index]!,
      score: round(entry.score),
      textRank: round(entry.textRank),
      similarity: entry.similarity === null ? null : round(entry.similarity),
      matchedTerms: pgArray(row?.matched_terms ?? null),
      matchedIn,
      snippet: toSegments(row?.headline ?? ''),
    };
  });
}

/** Splits a ts_headline result on its private markers into plain and matched runs. */
export function toSegments(headline: string): SnippetSegment[] {
  const segments: SnippetSegment[] = [];
  let match = false;
  let text = '';
  const push = () => {
    if (text) segments.push({ text, match });
    text = '';
  };
  for (const char of headline) {
    if (char === START) {
      push();
      match = true;
    } else if (char === STOP) {
      push();
      match = false;
    } else {
      text += char;
    }
  }
  push();
  return segments;
}

function pgArray(value: string[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  // node-postgres returns arrays parsed; a driver that returns the text form gets parsed here.
  const inner = value.replace(/^\{|\}$/g, '');
  if (!inner) return [];
  return inner.split(',').map((part) => part.replace(/^"|"$/g, '').replace(/\\(.)/g, '$1'));
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
