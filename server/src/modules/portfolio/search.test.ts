import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CreatePortfolioItem } from '#contract/portfolio';

import { openTestDatabase } from '#test-support/test-database';

import type { DatabaseHandle } from '../../db/client.ts';
import { portfolioItems } from '../../db/schema/portfolio.ts';
import { users } from '../../db/schema/users.ts';
import { insertFile } from './file-repo.ts';
import { insertItem, setDeleted, updateItem } from './repo.ts';
import { toSegments } from './search-explain.ts';
import { parseQuery } from './search-query.ts';
import { AI_FAILED_NOTE, AI_UNAVAILABLE_NOTE, searchPortfolio } from './search.ts';

/**
 * Ranking on a fixed set of items, on the engine the run uses (PGlite, or PostgreSQL with
 * TEST_DB=postgres and TEST_DATABASE_URL).
 */
let handle: DatabaseHandle;
let owner: string;
let stranger: string;
const ids: Record<string, string> = {};

const blank: CreatePortfolioItem = {
  title: '',
  description: '',
  role: null,
  skills: [],
  industry: null,
  results: '',
  resultMetrics: [],
  links: [],
  date: null,
};

/** A tiny deterministic "embedding": counts of concept words, so meaning can differ from words. */
const CONCEPTS: string[][] = [
  ['shop', 'store', 'ecommerce', 'checkout', 'cart', 'shopify', 'retail'],
  ['kubernetes', 'cluster', 'devops', 'container', 'docker', 'infrastructure', 'eks'],
  ['health', 'clinic', 'patient', 'medical', 'hipaa', 'doctor'],
  ['payment', 'fintech', 'bank', 'ledger', 'stripe', 'money', 'invoice'],
];
async function conceptEmbed(text: string): Promise<number[]> {
  const words = text.toLowerCase().split(/[^a-z]+/);
  return CONCEPTS.map((concept) => words.filter((word) => concept.includes(word)).length + 0.01);
}

beforeAll(async () => {
  handle = await openTestDatabase();
  const [a, b] = await handle.db
    .insert(users)
    .values([
      { firebaseUid: 'search-owner', email: 'owner@example.test' },
      { firebaseUid: 'search-stranger', email: 'stranger@example.test' },
    ])
    .returning();
  owner = a!.id;
  stranger = b!.id;
  const add = async (key: string, userId: string, fields: Partial<CreatePortfolioItem>) => {
    ids[key] = (await insertItem(handle.db, userId, { ...blank, ...fields })).id;
  };
  await add('k8sTitle', owner, {
    title: 'Kubernetes platform migration',
    skills: ['Kubernetes', 'Terraform'],
    description: 'Moved forty services from VMs to EKS with zero downtime.',
    industry: 'Logistics',
  });
  await add('k8sBody', owner, {
    title: 'Internal developer portal',
    skills: ['React', 'TypeScript'],
    description: 'A portal that shows each team its Kubernetes deployments and costs.',
  });
  await add('shop', owner, {
    title: 'Shopify store redesign',
    skills: ['Shopify', 'Liquid'],
    industry: 'Retail',
    description: 'New theme and a faster checkout for a fashion brand.',
    results: 'Conversion rate up 23% in the first quarter.',
  });
  await add('clinic', owner, {
    title: 'Clinic booking app',
    skills: ['React Native'],
    industry: 'Healthcare',
    role: 'Lead developer',
    description: 'Patients book and pay for appointments from their phone.',
  });
  await add('pdfOnly', owner, { title: 'Quarterly reporting', skills: ['Python'] });
  await insertFile(handle.db, {
    userId: owner,
    itemId: ids.pdfOnly!,
    originalName: 'report.pdf',
    storedName: 'portfolio/x/y.pdf',
    mime: 'application/pdf',
    sizeBytes: 1,
    extractedText:
      'Appendix: the zebrafish telemetry pipeline processed kubernetes audit logs nightly.',
  });
  await add('binned', owner, { title: 'Old Kubernetes experiment', skills: ['Kubernetes'] });
  await setDeleted(handle.db, owner, ids.binned!, true);
  await add('foreign', stranger, { title: 'Kubernetes for someone else', skills: ['Kubernetes'] });
});

afterAll(async () => handle.close());

const titles = (result: Awaited<ReturnType<typeof searchPortfolio>>) =>
  result.results.map((hit) => hit.item.title);

describe('searchPortfolio, text mode', () => {
  it('ranks a title and skill match above a description match above a match in a file', async () => {
    const result = await searchPortfolio(handle.db, {
      userId: owner,
      query: 'kubernetes',
      limit: 10,
    });
    expect(result).toMatchObject({
      mode: 'text',
      requestedMode: 'text',
      aiAvailable: false,
      note: null,
    });
    expect(titles(result)).toEqual([
      'Kubernetes platform migration',
      'Internal developer portal',
      'Quarterly reporting',
    ]);
    const [first, second, third] = result.results;
    expect(first!.matchedIn).toContain('title_skills');
    expect(second!.matchedIn).toEqual(['description_results']);
    expect(third!.matchedIn).toEqual(['files']);
    expect(first!.score).toBeGreaterThan(second!.score);
    expect(second!.score).toBeGreaterThan(third!.score);
    for (const hit of result.results) expect(hit.matchedTerms).toEqual(['kubernetes']);
  });

  it('never returns binned items or another user’s items', async () => {
    const mine = await searchPortfolio(handle.db, {
      userId: owner,
      query: 'kubernetes experiment someone',
      limit: 50,
    });
    expect(titles(mine)).not.toContain('Old Kubernetes experiment');
    expect(titles(mine)).not.toContain('Kubernetes for someone else');
    const theirs = await searchPortfolio(handle.db, {
      userId: stranger,
      query: 'kubernetes',
      limit: 50,
    });
    expect(titles(theirs)).toEqual(['Kubernetes for someone else']);
  });

  it('finds a phrase that only appears in an attached file, with a marked snippet', async () => {
    const result = await searchPortfolio(handle.db, {
      userId: owner,
      query: 'zebrafish telemetry',
      limit: 5,
    });
    expect(titles(result)).toEqual(['Quarterly reporting']);
    const hit = result.results[0]!;
    expect(hit.matchedTerms).toEqual(['zebrafish', 'telemetry']);
    expect(hit.snippet.filter((segment) => segment.match).map((segment) => segment.text)).toEqual([
      'zebrafish',
      'telemetry',
    ]);
  });

  it('ranks items matching more of the words higher (words are OR-ed)', async () => {
    const result = await searchPortfolio(handle.db, {
      userId: owner,
      query: 'react patients booking',
      limit: 10,
    });
    expect(titles(result)[0]).toBe('Clinic booking app');
    expect(titles(result)).toContain('Internal developer portal');
    expect(result.results[0]!.matchedTerms).toEqual(['react', 'patients', 'booking']);
  });

  it('matches the last word as a prefix while typing', async () => {
    const result = await searchPortfolio(handle.db, { userId: owner, query: 'shopi', limit: 5 });
    expect(titles(result)).toEqual(['Shopify store redesign']);
    expect(result.results[0]!.matchedTerms).toEqual(['shopi']);
  });

  it('understands quotes and -exclusions', async () => {
    const phrase = await searchPortfolio(handle.db, {
      userId: owner,
      query: '"faster checkout"',
      limit: 5,
    });
    expect(titles(phrase)).toEqual(['Shopify store redesign']);
    const excluded = await searchPortfolio(handle.db, {
      userId: owner,
      query: 'kubernetes -portal',
      limit: 5,
    });
    expect(titles(excluded)).not.toContain('Internal developer portal');
    expect(titles(excluded)).toContain('Kubernetes platform migration');
  });

  it('filters by skill and industry, case-insensitively', async () => {
    const bySkill = await searchPortfolio(handle.db, {
      userId: owner,
      query: 'kubernetes',
      skill: 'typescript',
    });
    expect(titles(bySkill)).toEqual(['Internal developer portal']);
    const byIndustry = await searchPortfolio(handle.db, {
      userId: owner,
      query: 'kubernetes',
      industry: 'logistics',
    });
    expect(titles(byIndustry)).toEqual(['Kubernetes platform migration']);
  });

  it.each([
    "'; drop table portfolio_items; --",
    'a & b | !c <-> (d):*',
    '\\ \u0000 \u0002 \u0003',
    'the and of',
    '"unclosed',
    '-',
    'OR OR OR',
  ])('treats %j as words, never as SQL or tsquery syntax', async (query) => {
    const result = await searchPortfolio(handle.db, { userId: owner, query, limit: 5 });
    expect(Array.isArray(result.results)).toBe(true);
    const [row] = await handle.db.select({ id: portfolioItems.id }).from(portfolioItems).limit(1);
    expect(row).toBeDefined();
  });

  it('answers an empty query with no results', async () => {
    expect((await searchPortfolio(handle.db, { userId: owner, query: '   ' })).results).toEqual([]);
  });

  it('respects the limit', async () => {
    const result = await searchPortfolio(handle.db, {
      userId: owner,
      query: 'kubernetes',
      limit: 1,
    });
    expect(titles(result)).toEqual(['Kubernetes platform migration']);
  });
});

describe('searchPortfolio, AI mode', () => {
  it('falls back to words and says so without an embedder', async () => {
    const result = await searchPortfolio(handle.db, {
      userId: owner,
      query: 'kubernetes',
      mode: 'ai',
    });
    expect(result).toMatchObject({
      mode: 'text',
      requestedMode: 'ai',
      aiAvailable: false,
      note: AI_UNAVAILABLE_NOTE,
    });
    expect(titles(result)[0]).toBe('Kubernetes platform migration');
  });

  it('falls back to words when the provider fails', async () => {
    const result = await searchPortfolio(handle.db, {
      userId: owner,
      query: 'kubernetes',
      mode: 'ai',
      embed: async () => {
        throw new Error('provider down');
      },
    });
    expect(result).toMatchObject({ mode: 'text', aiAvailable: true, note: AI_FAILED_NOTE });
    expect(result.results.length).toBeGreaterThan(0);
  });

  it('finds items by meaning that share no word with the query, and fuses with the text rank', async () => {
    const result = await searchPortfolio(handle.db, {
      userId: owner,
      query: 'online retail cart',
      mode: 'ai',
      embed: conceptEmbed,
      embeddingModel: 'concepts-v1',
      limit: 3,
    });
    expect(result).toMatchObject({ mode: 'ai', aiAvailable: true, note: null });
    const top = result.results[0]!;
    expect(top.item.title).toBe('Shopify store redesign');
    expect(top.similarity).toBeGreaterThan(0.9);
    // "retail" is also a word of the item (its industry), so text and meaning agree.
    expect(top.matchedTerms).toEqual(['retail']);

    const meaningOnly = await searchPortfolio(handle.db, {
      userId: owner,
      query: 'doctor medical hipaa',
      mode: 'ai',
      embed: conceptEmbed,
      embeddingModel: 'concepts-v1',
      limit: 2,
    });
    expect(meaningOnly.results[0]!.item.title).toBe('Clinic booking app');
    expect(meaningOnly.results[0]!.matchedTerms).toEqual([]);
    expect(meaningOnly.results[0]!.textRank).toBe(0);
  });

  it('stores embeddings with their model and re-embeds when the model or the item changes', async () => {
    const model = async (id: string) =>
      (
        await handle.db
          .select({ m: portfolioItems.embeddingModel })
          .from(portfolioItems)
          .where(eq(portfolioItems.id, id))
      )[0]?.m;
    await searchPortfolio(handle.db, {
      userId: owner,
      query: 'cluster',
      mode: 'ai',
      embed: conceptEmbed,
      embeddingModel: 'concepts-v1',
    });
    expect(await model(ids.k8sTitle!)).toBe('concepts-v1');
    expect(await model(ids.foreign!)).toBeNull();

    await updateItem(handle.db, owner, ids.k8sTitle!, {
      description: 'Now about docker containers.',
    });
    expect(await model(ids.k8sTitle!)).toBeNull();

    await searchPortfolio(handle.db, {
      userId: owner,
      query: 'cluster',
      mode: 'ai',
      embed: conceptEmbed,
      embeddingModel: 'concepts-v2',
    });
    expect(await model(ids.k8sTitle!)).toBe('concepts-v2');
    expect(await model(ids.shop!)).toBe('concepts-v2');
  });
});

describe('searchPortfolio, AI mode vectors kept in memory', () => {
  it('sees items added, edited and binned since the last search', async () => {
    const ai = (query: string) =>
      searchPortfolio(handle.db, {
        userId: owner,
        query,
        mode: 'ai',
        embed: conceptEmbed,
        embeddingModel: 'concepts-v3',
        limit: 1,
      });
    expect(titles(await ai('bank money invoice'))).not.toEqual(['Payment ledger reconciliation']);
    const added = await insertItem(handle.db, owner, {
      ...blank,
      title: 'Payment ledger reconciliation',
      description: 'Stripe payouts matched to the bank ledger every night.',
    });
    expect(titles(await ai('bank money invoice'))).toEqual(['Payment ledger reconciliation']);
    await updateItem(handle.db, owner, added.id, { description: 'A clinic for patients.' });
    const afterEdit = await ai('bank money invoice');
    expect(afterEdit.results[0]!.similarity).toBeLessThan(0.9);
    await setDeleted(handle.db, owner, added.id, true);
    expect(titles(await ai('clinic patients'))).not.toContain('Payment ledger reconciliation');
  });
});

describe('query helpers', () => {
  it('keeps words with inner punctuation and drops operators', () => {
    expect(parseQuery('Node.js, C++ & C# | react-native!').words).toEqual([
      'Node.js',
      'C++',
      'C#',
      'react-native',
    ]);
    expect(parseQuery('!!! ---').tsquery).toBeNull();
  });

  it('splits a headline on its markers', () => {
    expect(toSegments('a \u0002b\u0003 c')).toEqual([
      { text: 'a ', match: false },
      { text: 'b', match: true },
      { text: ' c', match: false },
    ]);
  });
});
