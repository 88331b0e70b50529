/**
 * Hours for a piece of work when no model is there to estimate it: a small table by kind of work
 * and size, read from the words of a requirement.
 *
 * The rule:
 * 1. Kind: each kind lists words; a requirement's words are matched against them (a listed word
 *    matches itself and its plural; one ending in '*' matches any word that starts with it). The
 *    kind with the most matching words wins; on a tie the kind listed first wins. No match:
 *    'general'.
 * 2. Size: any "small" word (small, simple, basic, minor, quick, static) makes it small; any
 *    "large" word (large, complex, advanced, multiple, full, comprehensive, enterprise, custom,
 *    real-time) makes it large; both or neither: standard.
 * 3. Count: a whole number from 2 to 20 written just before a word of the chosen kind ("5 landing
 *    pages", "3 reports") multiplies the hours.
 * 4. Hours = table[kind][size] x count. The figures are a freelancer's honest first guess for one
 *    piece of that kind, including its own review and fixes; the freelancer edits them.
 */

export const WORK_KINDS = [
  'design',
  'frontend_page',
  'api_endpoint',
  'authentication',
  'integration',
  'data_migration',
  'report',
  'testing',
  'deployment',
  'content',
  'documentation',
  'project_management',
  'general',
] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

export const SIZES = ['small', 'standard', 'large'] as const;
export type Size = (typeof SIZES)[number];

interface KindRow {
  label: string;
  /** Hours for one small, standard and large piece. */
  hours: Readonly<Record<Size, number>>;
  stems: readonly string[];
}

export const ESTIMATION_TABLE: Readonly<Record<WorkKind, KindRow>> = {
  design: {
    label: 'Design',
    hours: { small: 6, standard: 16, large: 40 },
    stems: [
      'design*',
      'wireframe*',
      'mockup*',
      'figma',
      'ui',
      'ux',
      'prototyp*',
      'branding',
      'logo',
      'style',
      'styleguide',
    ],
  },
  frontend_page: {
    label: 'Front-end page',
    hours: { small: 4, standard: 10, large: 24 },
    stems: [
      'page',
      'screen',
      'landing',
      'frontend',
      'front-end',
      'responsive',
      'form',
      'checkout',
      'cart',
      'homepage',
      'website',
      'site',
      'catalog*',
      'catalogue',
      'filter*',
      'search',
      'calendar',
      'mobile',
      'react',
      'view',
    ],
  },
  api_endpoint: {
    label: 'API endpoint',
    hours: { small: 3, standard: 6, large: 16 },
    stems: [
      'api',
      'apis',
      'endpoint',
      'backend',
      'back-end',
      'rest',
      'graphql',
      'database',
      'server-side',
      'crud',
    ],
  },
  authentication: {
    label: 'Accounts and sign-in',
    hours: { small: 4, standard: 10, large: 24 },
    stems: [
      'login',
      'log',
      'sign-in',
      'sign-up',
      'signup',
      'auth*',
      'password*',
      'role',
      'permission*',
      'account',
      'sso',
      'mfa',
      '2fa',
    ],
  },
  integration: {
    label: 'Integration',
    hours: { small: 6, standard: 14, large: 32 },
    stems: [
      'integrat*',
      'stripe',
      'paypal',
      'payment',
      'salesforce',
      'hubspot',
      'mailchimp',
      'quickbooks',
      'shopify',
      'zapier',
      'webhook',
      'sync*',
      'twilio',
      'sms',
      'slack',
      'notification*',
      'third-party',
      'crm',
      'erp',
    ],
  },
  data_migration: {
    label: 'Data migration',
    hours: { small: 6, standard: 16, large: 40 },
    stems: ['migrat*', 'import', 'legacy', 'etl', 'transfer', 'convert'],
  },
  report: {
    label: 'Report',
    hours: { small: 4, standard: 10, large: 24 },
    stems: [
      'report*',
      'analytics',
      'chart',
      'dashboard',
      'kpi',
      'metric',
      'export',
      'csv',
      'statistic*',
    ],
  },
  testing: {
    label: 'Testing',
    hours: { small: 4, standard: 10, large: 24 },
    stems: ['test*', 'qa', 'quality', 'accessib*', 'wcag', 'audit', 'bug'],
  },
  deployment: {
    label: 'Deployment',
    hours: { small: 3, standard: 8, large: 20 },
    stems: [
      'deploy*',
      'hosting',
      'host',
      'ci',
      'cd',
      'pipeline',
      'aws',
      'azure',
      'gcp',
      'docker',
      'devops',
      'domain',
      'ssl',
      'backup',
      'monitor*',
      'launch',
      'go-live',
    ],
  },
  content: {
    label: 'Content',
    hours: { small: 3, standard: 8, large: 20 },
    stems: [
      'content',
      'copy',
      'copywrit*',
      'blog',
      'seo',
      'translat*',
      'article',
      'image',
      'photo*',
      'video',
      'newsletter',
    ],
  },
  documentation: {
    label: 'Documentation and training',
    hours: { small: 2, standard: 6, large: 14 },
    stems: [
      'documentation',
      'document',
      'manual',
      'training',
      'train',
      'handover',
      'guide',
      'tutorial',
    ],
  },
  project_management: {
    label: 'Project management',
    hours: { small: 2, standard: 6, large: 16 },
    stems: [
      'meeting',
      'weekly',
      'status',
      'management',
      'coordinat*',
      'communicat*',
      'standup',
      'stakeholder',
    ],
  },
  general: {
    label: 'Development',
    hours: { small: 4, standard: 8, large: 20 },
    stems: [],
  },
};

const SMALL_WORDS = new Set(['small', 'simple', 'basic', 'minor', 'quick', 'static']);
const LARGE_WORDS = new Set([
  'large',
  'complex',
  'advanced',
  'multiple',
  'full',
  'comprehensive',
  'enterprise',
  'custom',
  'real-time',
  'realtime',
]);

/** Project management added to a quote with no such requirement: this share of the other hours. */
export const PROJECT_MANAGEMENT_SHARE = 0.1;
/** Productive hours in a working day, for turning hours into milestone durations. */
export const HOURS_PER_DAY = 6;

export interface Estimate {
  kind: WorkKind;
  size: Size;
  count: number;
  hours: number;
}

const wordsOf = (text: string) => text.toLowerCase().match(/[a-z0-9][a-z0-9-]*/g) ?? [];

function matches(word: string, stem: string): boolean {
  if (stem.endsWith('*')) return word.startsWith(stem.slice(0, -1));
  return word === stem || word === `${stem}s` || word === `${stem}es`;
}

export function kindOf(words: readonly string[]): WorkKind {
  let best: WorkKind = 'general';
  let bestScore = 0;
  for (const kind of WORK_KINDS) {
    const { stems } = ESTIMATION_TABLE[kind];
    const score = words.filter((word) => stems.some((stem) => matches(word, stem))).length;
    if (score > bestScore) {
      best = kind;
      bestScore = score;
    }
  }
  return best;
}

export function sizeOf(words: readonly string[]): Size {
  const small = words.some((word) => SMALL_WORDS.has(word));
  const large = words.some((word) => LARGE_WORDS.has(word));
  if (small === large) return 'standard';
  return small ? 'small' : 'large';
}

function countOf(words: readonly string[], kind: WorkKind): number {
  const { stems } = ESTIMATION_TABLE[kind];
  for (let i = 0; i + 1 < words.length; i += 1) {
    const number = Number(words[i]);
    const next = words[i + 1] ?? '';
    // The next word or the one after ("5 landing pages") must be of the kind.
    const following = [next, words[i + 2] ?? ''];
    if (
      Number.isInteger(number) &&
      number >= 2 &&
      number <= 20 &&
      following.some((word) => stems.some((stem) => matches(word, stem)))
    ) {
      return number;
    }
  }
  return 1;
}

/** The table's estimate for one requirement. */
export function estimate(text: string): Estimate {
  const words = wordsOf(text);
  const kind = kindOf(words);
  const size = sizeOf(words);
  const count = countOf(words, kind);
  return { kind, size, count, hours: ESTIMATION_TABLE[kind].hours[size] * count };
}
