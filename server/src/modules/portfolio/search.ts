import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';

import type {
  PortfolioSearchHit,
  PortfolioSearchMode,
  PortfolioSearchResult,
} from '#contract/portfolio';

import type { Database } from '../../db/client.ts';
import { portfolioItems } from '../../db/schema/portfolio.ts';
import { filterConditions } from './item-list-repo.ts';
import { itemColumns, queryRows, type CitationCounter, type ItemRecord } from './repo.ts';
import { explain } from './search-explain.ts';
import { parseQuery } from './search-query.ts';

/**
 * THE portfolio search: the /portfolio screen and the response agent's tool both call this.
 *
 * Text mode: Postgres full-text search over the generated tsvector (title and skills weigh most,
 * then description and results, then role and industry, then text extracted from files), ranked
 * with ts_rank. Plain words are OR-ed (an item matching more of them ranks higher, and the last
 * word also matches as a prefix); a query with quotes, `OR` or `-word` uses websearch syntax.
 *
 * AI mode: the query is embedded with the configured provider and fused with the text rank by
 * reciprocal rank fusion over cosine similarity. Without an embedder (no provider, or one
 * without embeddings) it runs the text search and says so (`aiAvailable: false`).
 *
 * Every hit says why it matched: the query words it contains, where (which fields), a snippet
 * with the matches marked, the scores.
 */

export type Embed = (text: string) => Promise<number[] | null>;

export type SearchPortfolioOptions = {
  userId: string;
  query: string;
  /** 1-50, default 10. */
  limit?: number;
  mode?: PortfolioSearchMode;
  /** Embeds one text; null when the provider cannot. Only used in AI mode. */
  embed?: Embed | null;
  /** Stored beside each embedding so a model change re-embeds (default 'default'). */
  embeddingModel?: string | null;
  skill?: string | undefined;
  industry?: string | undefined;
  /** Fills each hit's citation counts; without it they are zero (drafters do not need them). */
  countCitations?: CitationCounter;
};

const RRF_K = 60;
const CANDIDATES = 100;
/** Items embedded on demand per AI search (new or edited items since the last one). */
const BACKFILL_PER_SEARCH = 24;

export const AI_UNAVAILABLE_NOTE =
  'AI search needs an AI provider that offers embeddings; showing matches by words instead.';
export const AI_FAILED_NOTE =
  'The AI provider did not answer, so these are matches by words. Try AI search again later.';

export async function searchPortfolio(
  db: Database,
  options: SearchPortfolioOptions,
): Promise<PortfolioSearchResult> {
  const started = performance.now();
  const requestedMode = options.mode ?? 'text';
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 10), 1), 50);
  const query = options.query.split('\u0000').join(' ').trim().slice(0, 500);
  const parsed = parseQuery(query);
  const aiAvailable = typeof options.embed === 'function';
  const done = (
    mode: PortfolioSearchMode,
    results: PortfolioSearchHit[],
    note: string | null,
  ): PortfolioSearchResult => ({
    mode,
    requestedMode,
    aiAvailable,
    note,
    results,
    tookMs: Math.round((performance.now() - started) * 10) / 10,
  });

  const scope = and(
    eq(portfolioItems.userId, options.userId),
    isNull(portfolioItems.deletedAt),
    ...filterConditions({ skill: options.skill, industry: options.industry }),
  ) as SQL;

  let vector: number[] | null = null;
  let note: string | null = null;
  if (requestedMode === 'ai') {
    if (!options.embed) {
      note = AI_UNAVAILABLE_NOTE;
    } else if (query) {
      vector = await embedSafely(options.embed, query);
      if (!vector) note = AI_FAILED_NOTE;
    }
  }
  if (!query) return done('text', [], note);

  if (!vector || !options.embed) {
    if (!parsed.tsquery)
      return done('text', [], note ?? 'Those words are too common to search for.');
    const ranked = await textCandidates(db, scope, parsed.tsquery, limit);
    const hits = await explain(
      db,
      options.userId,
      parsed,
      ranked.map((row) => ({ id: row.id, score: row.rank, textRank: row.rank, similarity: null })),
      options.countCitations,
    );
    return done('text', hits, note);
  }

  const model = options.embeddingModel || 'default';
  await backfillEmbeddings(db, options.userId, options.embed, model);
  const [textRanked, vectorRanked] = await Promise.all([
    parsed.tsquery ? textCandidates(db, scope, parsed.tsquery, CANDIDATES) : Promise.resolve([]),
    vectorCandidates(
      db,
      options.userId,
      scope,
      Boolean(options.skill || options.industry),
      vector,
      model,
      CANDIDATES,
    ),
  ]);
  const fused = new Map<
    string,
    { id: string; score: number; textRank: number; similarity: number | null }
  >();
  textRanked.forEach((row, index) => {
    fused.set(row.id, {
      id: row.id,
      score: 1 / (RRF_K + index + 1),
      textRank: row.rank,
      similarity: null,
    });
  });
  vectorRanked.forEach((row, index) => {
    const entry = fused.get(row.id) ?? { id: row.id, score: 0, textRank: 0, similarity: null };
    entry.score += 1 / (RRF_K + index + 1);
    entry.similarity = row.similarity;
    fused.set(row.id, entry);
  });
  const top = [...fused.values()]
    .sort((a, b) => b.score - a.score || (b.similarity ?? -1) - (a.similarity ?? -1))
    .slice(0, limit);
  // Items only found by meaning still need their similarity if they were text-only candidates.
  const hits = await explain(db, options.userId, parsed, top, options.countCitations);
  return done('ai', hits, note);
}

// ---------------------------------------------------------------------------------------------
// Candidates
// ---------------------------------------------------------------------------------------------

async function textCandidates(db: Database, scope: SQL, tsquery: SQL, limit: number) {
  const rows = await queryRows<{ id: string; rank: number | string }>(
    db,
    sql`
    with q as (select ${tsquery} as query)
    select ${portfolioItems.id} as id, ts_rank(${portfolioItems.searchVector}, q.query, 1) as rank
    from ${portfolioItems}, q
    where ${scope} and ${portfolioItems.searchVector} @@ q.query
    order by rank desc, ${portfolioItems.position} asc, ${portfolioItems.id} asc
    limit ${limit}`,
  );
  return rows.map((row) => ({ id: row.id, rank: Number(row.rank) }));
}

/**
 * Vectors of one owner and model, kept in this process and checked against the database on every
 * search (a stamp of count and last change), so replicas never serve stale vectors. Scoring in
 * memory is far cheaper than unnesting arrays in SQL; the cache is bounded by bytes.
 */
type VectorSet = { stamp: string; ids: string[]; vectors: Float32Array; dims: number };
const vectorCache = new Map<string, VectorSet>();
const VECTOR_CACHE_MAX_BYTES = 64 * 1024 * 1024;

function cacheBytes(): number {
  let total = 0;
  for (const set of vectorCache.values()) total += set.vectors.byteLength;
  return total;
}

async function ownerVectors(
  db: Database,
  userId: string,
  model: string,
  dims: number,
): Promise<VectorSet> {
  const live = sql`${portfolioItems.userId} = ${userId} and ${portfolioItems.deletedAt} is null
      and ${portfolioItems.embeddingModel} = ${model} and cardinality(${portfolioItems.embedding}) = ${dims}`;
  const [stampRow] = await queryRows<{ stamp: string }>(
    db,
    sql`select count(*)::text || '|' || coalesce(max(${portfolioItems.updatedAt})::text, '') || '|' ||
          coalesce(sum(hashtext(${portfolioItems.id}::text))::text, '') as stamp
        from ${portfolioItems} where ${live}`,
  );
  const stamp = stampRow?.stamp ?? '';
  const key = `${userId}|${model}|${dims}`;
  const cached = vectorCache.get(key);
  if (cached && cached.stamp === stamp) {
    vectorCache.delete(key);
    vectorCache.set(key, cached);
    return cached;
  }
  const rows = await queryRows<{ id: string; embedding: string }>(
    db,
    sql`select ${portfolioItems.id} as id, ${portfolioItems.embedding}::text as embedding
        from ${portfolioItems} where ${live}`,
  );
  const vectors = new Float32Array(rows.length * dims);
  rows.forEach((row, index) => {
    const values = row.embedding.slice(1, -1).split(',');
    for (let d = 0; d < dims; d += 1) vectors[index * dims + d] = Number(values[d] ?? 0);
  });
  const set: VectorSet = { stamp, ids: rows.map((row) => row.id), vectors, dims };
  vectorCache.delete(key);
  if (vectors.byteLength <= VECTOR_CACHE_MAX_BYTES) {
    vectorCache.set(key, set);
    while (cacheBytes() > VECTOR_CACHE_MAX_BYTES) {
      const oldest = vectorCache.keys().next().value;
      if (oldest === undefined) break;
      vectorCache.delete(oldest);
    }
  }
  return set;
}

async function vectorCandidates(
  db: Database,
  userId: string,
  scope: SQL,
  filtered: boolean,
  vector: number[],
  model: string,
  limit: number,
) {
  if (!filtered) {
    const set = await ownerVectors(db, userId, model, vector.length);
    const scored = set.ids.map((id, index) => {
      let dot = 0;
      const offset = index * set.dims;
      for (let d = 0; d < set.dims; d += 1) dot += set.vectors[offset + d]! * vector[d]!;
      return { id, similarity: dot };
    });
    return scored.sort((a, b) => b.similarity - a.similarity).slice(0, limit);
  }
  // With skill or industry filters the database narrows the set first.
  const literal = vectorLiteral(vector);
  const rows = await queryRows<{ id: string; similarity: number | string }>(
    db,
    sql`
    select ${portfolioItems.id} as id,
           (select sum(a * b) from unnest(${portfolioItems.embedding}, ${literal}::real[]) as t(a, b)) as similarity
    from ${portfolioItems}
    where ${scope}
      and ${portfolioItems.embeddingModel} = ${model}
      and cardinality(${portfolioItems.embedding}) = ${vector.length}
    order by similarity desc nulls last, ${portfolioItems.position} asc
    limit ${limit}`,
  );
  return rows.map((row) => ({ id: row.id, similarity: Number(row.similarity) }));
}

// ---------------------------------------------------------------------------------------------
// Embeddings
// ---------------------------------------------------------------------------------------------

/** The text an item is embedded from. */
export function embeddingText(
  row: Pick<
    ItemRecord,
    'title' | 'skills' | 'role' | 'industry' | 'description' | 'results' | 'filesText'
  >,
): string {
  return [
    row.title,
    row.skills.length > 0 ? `Skills: ${row.skills.join(', ')}` : '',
    row.role ? `Role: ${row.role}` : '',
    row.industry ? `Industry: ${row.industry}` : '',
    row.description,
    row.results ? `Results: ${row.results}` : '',
    row.filesText.slice(0, 2_000),
  ]
    .filter(Boolean)
    .join('\n')
    .slice(0, 8_000);
}

export function normalise(vector: number[]): number[] | null {
  if (vector.length === 0 || vector.length > 8_192) return null;
  let norm = 0;
  for (const value of vector) {
    if (!Number.isFinite(value)) return null;
    norm += value * value;
  }
  norm = Math.sqrt(norm);
  if (norm === 0) return null;
  return vector.map((value) => value / norm);
}

function vectorLiteral(vector: number[]): string {
  return `{${vector.map((value) => (Number.isFinite(value) ? value.toPrecision(7) : '0')).join(',')}}`;
}

async function embedSafely(embed: Embed, text: string): Promise<number[] | null> {
  try {
    const vector = await embed(text);
    return vector ? normalise(vector) : null;
  } catch {
    return null;
  }
}

/** Embeds and stores one item (after a create or an edit); false when the provider could not. */
export async function embedItem(
  db: Database,
  userId: string,
  itemId: string,
  embed: Embed,
  model: string,
): Promise<boolean> {
  const [row] = await db
    .select(itemColumns)
    .from(portfolioItems)
    .where(and(eq(portfolioItems.userId, userId), eq(portfolioItems.id, itemId)));
  if (!row) return false;
  const vector = await embedSafely(embed, embeddingText(row));
  if (!vector) return false;
  await db
    .update(portfolioItems)
    .set({ embedding: vector, embeddingModel: model })
    .where(
      and(
        eq(portfolioItems.userId, userId),
        eq(portfolioItems.id, itemId),
        // Only if nobody edited it meanwhile (an edit clears the embedding and bumps updated_at).
        // (compared at millisecond precision: JavaScript dates have no microseconds).
        sql`date_trunc('milliseconds', ${portfolioItems.updatedAt}) = ${row.updatedAt.toISOString()}::timestamptz`,
      ),
    );
  return true;
}

/** Embeds a bounded number of the owner's items that have no embedding for `model`. */
export async function backfillEmbeddings(
  db: Database,
  userId: string,
  embed: Embed,
  model: string,
  max = BACKFILL_PER_SEARCH,
): Promise<number> {
  const stale = await db
    .select({ id: portfolioItems.id })
    .from(portfolioItems)
    .where(
      and(
        eq(portfolioItems.userId, userId),
        isNull(portfolioItems.deletedAt),
        or(
          isNull(portfolioItems.embedding),
          isNull(portfolioItems.embeddingModel),
          sql`${portfolioItems.embeddingModel} <> ${model}`,
        ),
      ),
    )
    .limit(max);
  let embedded = 0;
  for (const { id } of stale) {
    if (await embedItem(db, userId, id, embed, model)) embedded += 1;
    else break;
  }
  return embedded;
}
