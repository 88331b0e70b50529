import type { AgentJob, AgentProfile, PortfolioHit } from './types.ts';

/** Varied jobs, a profile and a portfolio for the offline writer's tests. */

export const PROFILE: AgentProfile = {
  name: 'Dana Reyes',
  title: 'Full-stack developer',
  overview:
    'I build React and Node.js products for small teams. I like turning messy requirements into a plan people can follow. I write tests before I refactor anything risky.',
  skills: ['React', 'Node.js', 'PostgreSQL', 'Stripe', 'Python', 'Figma'],
  hourlyRateMinor: 8500,
  currency: 'USD',
  signature: 'Dana',
  writingSamples: [],
};

export const PORTFOLIO: PortfolioHit[] = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    title: 'Checkout rebuild for Brightcart',
    description: 'Rebuilt a Stripe checkout in React.',
    skills: ['React', 'Stripe'],
    results: 'Cut checkout abandonment by 23% in two months.',
    url: 'https://example.com/brightcart',
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    title: 'Analytics dashboard for Fieldnote',
    description: 'A PostgreSQL-backed analytics dashboard with weekly reports.',
    skills: ['PostgreSQL', 'React', 'Python'],
    results: null,
    url: null,
  },
  {
    id: '00000000-0000-4000-8000-000000000003',
    title: 'Inventory sync for Oakline',
    description: 'Synced Shopify stock with a warehouse API through webhooks.',
    skills: ['Node.js', 'Shopify', 'API'],
    results: 'Stock mismatches dropped from daily to none in the first month.',
    url: 'https://example.com/oakline',
  },
];

function job(partial: Partial<AgentJob> & Pick<AgentJob, 'title' | 'description'>): AgentJob {
  return {
    id: null,
    url: null,
    skills: [],
    budget: null,
    screeningQuestions: [],
    clientName: null,
    clientFacts: {},
    promptTraps: [],
    clientAsks: [],
    ...partial,
  };
}

export const JOBS: AgentJob[] = [
  job({
    title: 'React developer for Stripe checkout',
    description:
      'We need a React developer to fix and extend our Stripe checkout flow before Black Friday. Customers see a blank page after paying on mobile.',
    skills: ['React', 'Stripe', 'Node.js'],
    budget: '$2,000',
    screeningQuestions: [
      'Have you integrated Stripe Checkout before?',
      'What is your availability over the next two weeks?',
      'What is your favourite dessert?',
    ],
  }),
  job({
    title: 'Migrate WordPress blog to Next.js',
    description:
      'Our company blog runs on WordPress and has about 300 posts. We want to move it to Next.js with the same URLs so we keep our search traffic.',
    skills: ['Next.js', 'WordPress'],
  }),
  job({
    title: 'Shopify inventory integration',
    description:
      'Looking for someone to connect our Shopify store to the warehouse system through its REST API. Stock levels are updated by hand every evening.',
    skills: ['Shopify', 'API', 'Node.js'],
    clientName: 'Priya',
  }),
  job({
    title: 'Landing page design in Figma',
    description:
      'I am launching a meal-planning app and I need a designer to create a landing page in Figma. It should feel friendly and simple.',
    skills: ['Figma', 'UI Design'],
  }),
  job({
    title: 'Speed up slow Django admin',
    description:
      'Our Django admin takes 12 seconds to load the orders page. We need someone to find out why and make it fast again within 2 weeks.',
    skills: ['Django', 'PostgreSQL', 'Python'],
    screeningQuestions: ['What is your hourly rate?', 'Can you share examples of similar work?'],
  }),
  job({
    title: 'Automate weekly reports',
    description:
      'Every Monday my assistant copies numbers from three spreadsheets into a slide deck. I want this automated with a Python script.',
    skills: ['Python', 'Google Sheets'],
  }),
  job({
    title: 'Blog writer for a fintech startup',
    description:
      'We are looking for a writer to produce four articles a month about personal budgeting for our blog. Our readers are young professionals.',
    skills: ['Content Writing', 'SEO'],
  }),
  job({
    title: 'Sales data analysis',
    description:
      'We have two years of sales data in PostgreSQL and want help understanding which products drive repeat purchases. A clear dashboard would be ideal.',
    skills: ['PostgreSQL', 'Data Analysis'],
  }),
  job({
    title: 'Build a booking app MVP',
    description:
      'Startup looking for a developer to build the first version of a booking app for yoga studios. We have wireframes ready and want to launch by the end of March.',
    skills: ['React', 'Node.js', 'PostgreSQL'],
    screeningQuestions: ['How would you structure the database for bookings?'],
    clientName: 'Sam',
  }),
];
