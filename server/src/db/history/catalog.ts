/**
 * The words the generated history is made of: job categories with their budgets and skills,
 * response and quote templates, portfolio items, client names and line items. Plain data, so a
 * reader sees at a glance what the demo account's year looks like.
 */

export type CategorySpec = {
  name: string;
  /** How often jobs of this category come up, relative to the others. */
  weight: number;
  /** Fixed budgets, in whole dollars. */
  budget: readonly [number, number];
  /** Hourly ranges, in whole dollars. */
  hourly: readonly [number, number];
  /** Makes replies more or less likely than the average category. */
  replyFactor: number;
  titles: readonly string[];
  skills: readonly string[];
};

export const CATEGORIES: readonly CategorySpec[] = [
  {
    name: 'Web Development',
    weight: 5,
    budget: [400, 6_000],
    hourly: [30, 90],
    replyFactor: 1.15,
    titles: [
      'Fix checkout bugs on our Shopify store',
      'Build a React dashboard for our SaaS',
      'Next.js marketing site with a headless CMS',
      'Speed up our WordPress site',
      'Stripe subscriptions for a Node.js API',
      'Migrate a Vue 2 app to Vue 3',
    ],
    skills: ['React', 'TypeScript', 'Node.js', 'Next.js', 'Shopify', 'WordPress', 'Stripe'],
  },
  {
    name: 'Mobile',
    weight: 3,
    budget: [1_000, 9_000],
    hourly: [35, 100],
    replyFactor: 0.9,
    titles: [
      'React Native app for appointment booking',
      'Flutter fitness tracker MVP',
      'Fix crashes in our iOS app',
      'Push notifications for an Android app',
    ],
    skills: ['React Native', 'Flutter', 'Swift', 'Kotlin', 'Firebase'],
  },
  {
    name: 'Data Science',
    weight: 2,
    budget: [500, 7_000],
    hourly: [40, 120],
    replyFactor: 1,
    titles: [
      'Sales forecasting model in Python',
      'Clean and analyse survey data',
      'Power BI dashboard from our SQL data',
      'Scrape and structure product listings',
    ],
    skills: ['Python', 'pandas', 'SQL', 'Power BI', 'scikit-learn'],
  },
  {
    name: 'Design',
    weight: 2,
    budget: [200, 3_000],
    hourly: [25, 70],
    replyFactor: 0.75,
    titles: [
      'Redesign our SaaS onboarding in Figma',
      'Landing page design for a fintech app',
      'Design system for a B2B product',
    ],
    skills: ['Figma', 'UI Design', 'UX Research', 'Design Systems'],
  },
];

export const RESPONSE_TEMPLATES = [
  {
    name: 'Short and specific',
    replyFactor: 1.15,
    body: 'Hi {{client_name}},\n\n{{client_need}} I have done this before: {{portfolio}}\n\n{{question}}\n\n{{signature}}',
  },
  {
    name: 'Case study first',
    replyFactor: 1.05,
    body: 'Hi {{client_name}},\n\nA recent project much like {{job_title}}: {{portfolio}}\n\nFor yours I would start with {{skills}}. {{question}}\n\n{{my_name}}',
  },
  {
    name: 'Question opener',
    replyFactor: 0.8,
    body: '{{question}}\n\nI ask because {{job_summary}} Rate: {{rate}}.\n\n{{signature}}',
  },
] as const;

export const QUOTE_TEMPLATES = [
  {
    name: 'Fixed-price web project',
    summary: 'A fixed-price plan for {{project_title}}, delivered in milestones.',
    terms: 'Payment per milestone through Upwork. Valid until {{valid_until}}.',
    lines: [
      { label: 'Discovery and plan', quantity: 6 },
      { label: 'Build', quantity: 40 },
      { label: 'Testing and launch', quantity: 8 },
    ],
  },
  {
    name: 'Monthly retainer',
    summary: 'Ongoing help with {{project_title}}, billed monthly.',
    terms: 'Billed monthly; either side may end the retainer with two weeks notice.',
    lines: [
      { label: 'Development hours', quantity: 30 },
      { label: 'Weekly check-in', quantity: 4 },
    ],
  },
] as const;

export const PORTFOLIO_ITEMS = [
  {
    title: 'Checkout rebuild for an outdoor gear store',
    industry: 'E-commerce',
    skills: ['Shopify', 'React', 'Stripe'],
    results: 'Checkout conversion up 18% in the first month',
    replyFactor: 1.35,
  },
  {
    title: 'Analytics dashboard for a logistics SaaS',
    industry: 'Logistics',
    skills: ['React', 'TypeScript', 'PostgreSQL'],
    results: 'Reports that took a day now load in two seconds',
    replyFactor: 1.1,
  },
  {
    title: 'Booking app for a chain of clinics',
    industry: 'Healthcare',
    skills: ['React Native', 'Firebase'],
    results: '12,000 bookings in the first quarter',
    replyFactor: 1,
  },
  {
    title: 'Demand forecast for a coffee roaster',
    industry: 'Food and drink',
    skills: ['Python', 'pandas', 'scikit-learn'],
    results: 'Waste down 23% with weekly forecasts',
    replyFactor: 0.95,
  },
  {
    title: 'Design system for a payroll product',
    industry: 'Fintech',
    skills: ['Figma', 'Design Systems'],
    results: 'One library for web and mobile, 140 components',
    replyFactor: 0.85,
  },
] as const;

export const CLIENT_FIRST_NAMES = [
  'Amelia',
  'Ben',
  'Carla',
  'Daniel',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Isabel',
  'Jonas',
  'Kemi',
  'Liam',
  'Maya',
  'Noah',
  'Olga',
  'Priya',
  'Rafael',
  'Sofia',
  'Tomas',
  'Yara',
] as const;

export const CLIENT_LAST_NAMES = [
  'Andersen',
  'Brooks',
  'Costa',
  'Dubois',
  'Evans',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ito',
  'Kowalski',
  'Laurent',
  'Moreau',
  'Novak',
  'Okafor',
  'Patel',
  'Rossi',
] as const;

export const COMPANY_WORDS = [
  'Northwind',
  'Bluefin',
  'Cedar',
  'Lumen',
  'Harbor',
  'Kite',
  'Atlas',
  'Juniper',
  'Orbit',
  'Meadow',
] as const;

export const COMPANY_SUFFIXES = ['Labs', 'Studio', 'Health', 'Goods', 'Analytics', 'Co'] as const;

export const QUOTE_LINES = [
  { label: 'Discovery workshop', unit: 'hours', quantity: [4, 10] },
  { label: 'Senior developer', unit: 'hours', quantity: [20, 120] },
  { label: 'UI design', unit: 'hours', quantity: [8, 40] },
  { label: 'API integration', unit: 'hours', quantity: [10, 40] },
  { label: 'QA and launch', unit: 'hours', quantity: [6, 20] },
  { label: 'Project management', unit: 'hours', quantity: [4, 16] },
] as const;

export const OPTIONAL_QUOTE_LINES = [
  { label: 'Three months of support', quantity: 12 },
  { label: 'Analytics setup', quantity: 6 },
  { label: 'Accessibility audit', quantity: 8 },
  { label: 'Staff training session', quantity: 3 },
] as const;

export const EXPENSES = [
  { counterparty: 'Figma', description: 'Figma subscription', amount: [1_500, 1_500] },
  { counterparty: 'GitHub', description: 'GitHub Team', amount: [400, 400] },
  { counterparty: 'Upwork', description: 'Connects purchase', amount: [1_500, 9_000] },
  { counterparty: 'Notion', description: 'Notion workspace', amount: [1_000, 1_000] },
  { counterparty: 'Hetzner', description: 'Staging servers', amount: [900, 4_500] },
] as const;
