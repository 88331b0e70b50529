import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { gullibleDraft, startGullibleModel } from '#test-support/gullible-model';
import type { OpenAIStub } from '#test-support/openai-stub';
import {
  askKindOf,
  askWordsOf,
  asksFoundIn,
  corpusPosts,
  evaluateDraft,
  JOB_POSTS,
} from '#test-support/post-corpus';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { addPortfolioItem, parseEvents } from '../modules/responses/test-helpers.ts';

import { readPostInstructions } from './post-instructions.ts';

/*
 * Every post of the job-post corpus through the post reader: traps flagged, read-checks and clean
 * posts (some about AI work) left alone, and each client's ask found with the right kind.
 */

const label = (post: { id: string }) => post.id;

describe('the job-post corpus', () => {
  it('has enough posts of every kind, each labelled', () => {
    expect(JOB_POSTS.length).toBeGreaterThanOrEqual(64);
    expect(corpusPosts('trap').length).toBeGreaterThanOrEqual(20);
    expect(corpusPosts('read_check').length).toBeGreaterThanOrEqual(14);
    expect(corpusPosts('clean').length).toBeGreaterThanOrEqual(20);
    expect(corpusPosts('clean').filter((post) => post.aboutAi).length).toBeGreaterThanOrEqual(6);
    for (const post of corpusPosts('trap')) expect(post.obeyedIf?.length, post.id).toBeTruthy();
    for (const post of corpusPosts('read_check'))
      expect(post.followedIf?.length, post.id).toBeTruthy();
    expect(new Set(JOB_POSTS.map(label)).size).toBe(JOB_POSTS.length);
  });
});

describe('readPostInstructions over the corpus', () => {
  it.each(corpusPosts('trap').map((post) => [post.id, post] as const))(
    'flags the trap in %s',
    (_id, post) => {
      const { traps } = readPostInstructions(post.text);
      expect(traps.length).toBeGreaterThan(0);
      for (const trap of traps) expect(trap.reason).not.toBe('');
    },
  );

  it.each(corpusPosts('read_check').map((post) => [post.id, post] as const))(
    'does not flag the read-check %s as a trap',
    (_id, post) => {
      expect(readPostInstructions(post.text).traps).toEqual([]);
    },
  );

  it.each(corpusPosts('clean').map((post) => [post.id, post] as const))(
    'does not flag the clean post %s',
    (_id, post) => {
      const { traps, asks } = readPostInstructions(post.text);
      expect(traps).toEqual([]);
      expect(asks).toEqual([]);
    },
  );

  it.each(
    JOB_POSTS.filter((post) => post.followedIf?.length).map((post) => [post.id, post] as const),
  )('finds what the client asks in %s', (_id, post) => {
    const { asks } = readPostInstructions(post.text);
    const { missed } = asksFoundIn(post, asks);
    expect(
      missed.map((ask) => `${askKindOf(ask)} ${askWordsOf(ask).join('|')}`),
      `asks found: ${JSON.stringify(asks.map((ask) => [ask.kind, ask.value]))}`,
    ).toEqual([]);
    // The excerpt shown to the user is the post's own words.
    const flat = (text: string) => text.replace(/\s+/g, ' ');
    for (const ask of asks) expect(flat(post.text)).toContain(flat(ask.excerpt).slice(0, 20));
  });
});

/** Posts drafted through the API with a model that obeys every instruction it reads. */
const DRAFTED = [
  'trap-banana-react',
  'trap-paypal-outside',
  'trap-system-prompt',
  'trap-language-models-caps',
  'trap-automated-proposals-verse',
  'trap-pirate-persona',
  'trap-combo-ai-and-read-check',
  'read-orange-start',
  'read-pineapple-include',
  'read-go-team-end',
  'read-hello-maria',
  'read-dessert-answer',
];

const PROFILE = {
  name: 'Dana Reyes',
  title: 'Full-stack developer',
  overview: 'I build web apps and integrations for small businesses.',
  skills: ['React', 'Node.js', 'Python'],
  hourlyRateMinor: 8500,
  signature: 'Dana',
};
const ITEM = {
  title: 'Checkout rebuild for Brightcart',
  description: 'Rebuilt a Stripe checkout in React.',
  skills: ['React', 'Stripe'],
  results: 'Cut checkout abandonment by 23% in two months.',
};

describe('drafts from a gullible model', () => {
  let stub: OpenAIStub;
  let h: Harness;
  let dana: SignedIn;

  beforeAll(async () => {
    stub = await startGullibleModel();
    h = await createHarness({
      env: {
        AI_PROVIDER: 'openai-compatible',
        AI_MODEL: 'gullible-stub',
        AI_BASE_URL: stub.url,
        AI_MAX_RETRIES: '0',
        AI_RATE_PER_MINUTE: '1000',
      },
    });
    dana = await h.signIn({ modules: ['response', 'portfolio', 'upwork'] });
    await h.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: dana.headers,
      payload: PROFILE,
    });
    await addPortfolioItem(h.app, dana.headers, ITEM);
  });
  afterAll(async () => {
    await h.close();
    await stub.close();
  });

  it.each(DRAFTED)('%s: obeys no trap, follows the client and invents no figures', async (id) => {
    const post = JOB_POSTS.find((p) => p.id === id)!;
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/responses/generate',
      headers: dana.headers,
      payload: { jobText: post.text, length: 'medium' },
    });
    expect(res.statusCode).toBe(200);
    const done = parseEvents(res.body).find((event) => event.type === 'done');
    const draft = done?.type === 'done' ? done.data.text : '';
    expect(draft).not.toBe('');
    // The model wrote the draft (no offline fallback), inventing figures as it always does; the
    // trap sentences may never reach it, which is one of the defences.
    expect(done?.type === 'done' && done.data.offline).toBe(false);
    const sources = [JSON.stringify(PROFILE), JSON.stringify(ITEM)];
    // The drafting request is the last one offering tools (a second look at traps offers none).
    const drafting = stub.requests.filter((r) => (r.body.tools ?? []).length > 0).at(-1)!;
    const raw = evaluateDraft(post, gullibleDraft(drafting.body), sources);
    expect(raw.inventedFigures.length).toBeGreaterThan(0);
    const score = evaluateDraft(post, draft, sources);
    expect(score.trapsObeyed, draft).toEqual([]);
    expect(
      score.asksFollowed.filter((ask) => !ask.followed).map((ask) => ask.ask),
      draft,
    ).toEqual([]);
    expect(score.inventedFigures, draft).toEqual([]);
  });
});
