import { seededRandom } from './upwork-sandbox-jobs.ts';

/**
 * The sandbox freelancer's Upwork history before the demo starts, the same for the same seed:
 * three older one-on-one rooms with clients (one with an unread message), two past contracts
 * (one fixed and closed, one hourly and active) and their ledger over the past six months:
 * income, Upwork's 10% service fee on each, a refund and a withdrawal. With `transactionCount`
 * the ledger instead holds that many rows spread over the past year (the bench's sync).
 * Amounts are Upwork's decimal strings; record ids are numeric strings, stable for a seed.
 */

export type SandboxPerson = { id: string; name: string };

export type SandboxRoom = {
  id: string;
  roomName: string;
  roomType: 'ONE_ON_ONE';
  numUnread: number;
  contractId: string | null;
  /** The vendor proposal a proposal room is about. */
  proposalId: string | null;
  jobId: string | null;
  client: SandboxPerson;
  createdAt: Date;
  lastActivityAt: Date;
};

export type SandboxStory = {
  id: string;
  roomId: string;
  message: string;
  createdAt: Date;
  user: SandboxPerson;
};

export type SandboxProposal = {
  id: string;
  jobId: string;
  status: 'Active' | 'Hired';
  createdAt: Date;
};

export type SandboxContract = {
  id: string;
  title: string;
  status: 'ACTIVE' | 'CLOSED';
  /** yyyy-mm-dd */
  startDate: string;
  offerId: string;
  jobId: string | null;
  client: { id: string; name: string };
  type: 'fixed' | 'hourly';
  /** Fixed amount or hourly rate, as Upwork's decimal string. */
  amount: string;
  currency: string;
};

export type SandboxTransaction = {
  recordId: string;
  /** yyyy-mm-dd */
  date: string;
  type: string;
  subtype: string;
  description: string;
  /** Signed decimal string: income positive, fees, refunds and withdrawals negative. */
  amount: string;
  currency: string;
  companyName: string;
  paymentStatus: string;
};

export type SandboxCrmSeed = {
  rooms: SandboxRoom[];
  stories: SandboxStory[];
  contracts: SandboxContract[];
  transactions: SandboxTransaction[];
};

const DAY = 86_400_000;
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);
/** A decimal string with two decimals from cents: 12345 -> "123.45", -900 -> "-9.00". */
export const centsText = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

const FIRST_NAMES = [
  'Maya',
  'Tom',
  'Priya',
  'Lena',
  'Sam',
  'Jordan',
  'Noah',
  'Ava',
  'Ravi',
  'Elif',
];
const LAST_INITIALS = ['C.', 'B.', 'N.', 'O.', 'K.', 'P.', 'M.', 'S.', 'T.', 'W.'];
const COMPANIES = [
  'Brightline Studio',
  'Northwind Logistics',
  'Harbor Health',
  'Atlas Analytics',
  'Pixel & Pine',
  'Lumen Labs',
  'Cedar Commerce',
  'Bluebird Travel',
];

/** The client behind a job: a stable person and company from the job id. */
export function clientForJob(jobId: string): SandboxPerson & { company: string } {
  let hash = 0;
  for (const char of jobId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return {
    id: `client-${jobId}`,
    name: `${FIRST_NAMES[hash % FIRST_NAMES.length]} ${LAST_INITIALS[(hash >>> 4) % LAST_INITIALS.length]}`,
    company: COMPANIES[(hash >>> 8) % COMPANIES.length] ?? 'Upwork client',
  };
}

type Thread = {
  client: SandboxPerson;
  title: string;
  lines: Array<[from: 'client' | 'me', text: string]>;
};

const THREADS: Thread[] = [
  {
    client: { id: 'client-seed-1', name: 'Maya C.' },
    title: 'Maya C. (Brightline Studio)',
    lines: [
      [
        'client',
        'Hi Dana, the marketing site launch went well. Thanks again for the quick turnaround.',
      ],
      ['me', 'Glad to hear it, Maya! Let me know if you need anything else on the site.'],
      ['client', 'We may want a blog section next quarter. Would you have time in April?'],
    ],
  },
  {
    client: { id: 'client-seed-2', name: 'Tom B.' },
    title: 'Tom B. (Northwind Logistics)',
    lines: [
      ['client', 'Dana, can you look at the dispatch dashboard filters this week?'],
      ['me', 'Yes, I will pick it up on Wednesday and send an update by Friday.'],
      ['client', 'Perfect, thank you.'],
      ['me', 'The filters are fixed and deployed; the weekly report is attached to the contract.'],
    ],
  },
  {
    client: { id: 'client-seed-3', name: 'Priya N.' },
    title: 'Priya N. (Harbor Health)',
    lines: [
      [
        'client',
        'Hello Dana, we are planning a patient portal rebuild in React. Are you available?',
      ],
      [
        'me',
        'Hi Priya, I am. Could you share the current stack and the timeline you have in mind?',
      ],
    ],
  },
];

/** Two past contracts: a fixed landing page (closed) and the hourly dashboard work (active). */
function seedContracts(now: Date): SandboxContract[] {
  return [
    {
      id: '41000001',
      title: 'Marketing site in Next.js',
      status: 'CLOSED',
      startDate: dayOf(new Date(now.getTime() - 170 * DAY)),
      offerId: '52000001',
      jobId: null,
      client: { id: 'org-seed-1', name: 'Brightline Studio' },
      type: 'fixed',
      amount: '2400.00',
      currency: 'USD',
    },
    {
      id: '41000002',
      title: 'Dispatch dashboard (React, Node.js)',
      status: 'ACTIVE',
      startDate: dayOf(new Date(now.getTime() - 150 * DAY)),
      offerId: '52000002',
      jobId: null,
      client: { id: 'org-seed-2', name: 'Northwind Logistics' },
      type: 'hourly',
      amount: '75.00',
      currency: 'USD',
    },
  ];
}

/** An income row and the 10% service fee Upwork takes from it, on the same day. */
export function incomeWithFee(
  recordId: number,
  date: string,
  contract: SandboxContract,
  incomeCents: number,
  what: string,
): SandboxTransaction[] {
  const kind = contract.type === 'hourly' ? 'Hourly' : 'Fixed Price';
  const base = {
    date,
    currency: contract.currency,
    companyName: contract.client.name,
    paymentStatus: 'Processed',
  };
  return [
    {
      ...base,
      recordId: String(recordId),
      type: kind,
      subtype: kind,
      description: `Invoice for ${what} - ${contract.title} (Contract ID: ${contract.id})`,
      amount: centsText(incomeCents),
    },
    {
      ...base,
      recordId: String(recordId + 1),
      type: 'Service Fee',
      subtype: 'Service Fee',
      description: `Service Fee for ${kind} - ${contract.title} (Contract ID: ${contract.id})`,
      amount: centsText(-Math.round(incomeCents / 10)),
    },
  ];
}

/** The default ledger: about 24 rows over six months, oldest first. */
function seedLedger(
  now: Date,
  contracts: SandboxContract[],
  random: () => number,
): SandboxTransaction[] {
  const [fixed, hourly] = contracts as [SandboxContract, SandboxContract];
  const at = (daysAgo: number) => dayOf(new Date(now.getTime() - daysAgo * DAY));
  let recordId = 810_000_000;
  const rows: SandboxTransaction[] = [];
  const add = (list: SandboxTransaction[]) => {
    rows.push(...list);
    recordId += list.length;
  };
  add(incomeWithFee(recordId, at(160), fixed, 120_000, 'Milestone 1: design and content'));
  add(incomeWithFee(recordId, at(140), fixed, 120_000, 'Milestone 2: launch'));
  rows.push({
    recordId: String(recordId++),
    date: at(135),
    type: 'Refund',
    subtype: 'Refund',
    description: `Refund to ${fixed.client.name} - ${fixed.title} (Contract ID: ${fixed.id})`,
    amount: centsText(-15_000),
    currency: 'USD',
    companyName: fixed.client.name,
    paymentStatus: 'Processed',
  });
  for (let week = 0; week < 9; week++) {
    const hours = 8 + Math.floor(random() * 10);
    add(incomeWithFee(recordId, at(130 - week * 14), hourly, hours * 7_500, `${hours}:00 hrs`));
  }
  rows.push({
    recordId: String(recordId++),
    date: at(20),
    type: 'Withdrawal',
    subtype: 'Withdrawal',
    description: 'Withdrawal to Bank account ****4821',
    amount: centsText(-500_000),
    currency: 'USD',
    companyName: '',
    paymentStatus: 'Processed',
  });
  return rows.sort((a, b) => a.date.localeCompare(b.date) || a.recordId.localeCompare(b.recordId));
}

/** `count` rows over the past year, income and fee pairs with a withdrawal now and then. */
function bulkLedger(now: Date, contracts: SandboxContract[], count: number, random: () => number) {
  const rows: SandboxTransaction[] = [];
  let recordId = 700_000_000;
  for (let i = 0; rows.length < count; i++) {
    const date = dayOf(
      new Date(now.getTime() - Math.floor((365 * (count - rows.length)) / count) * DAY),
    );
    const contract = contracts[i % contracts.length] as SandboxContract;
    if (i % 25 === 24) {
      rows.push({
        recordId: String(recordId++),
        date,
        type: 'Withdrawal',
        subtype: 'Withdrawal',
        description: 'Withdrawal to Bank account ****4821',
        amount: centsText(-(50_000 + Math.floor(random() * 200_000))),
        currency: 'USD',
        companyName: '',
        paymentStatus: 'Processed',
      });
      continue;
    }
    const pair = incomeWithFee(
      recordId,
      date,
      contract,
      10_000 + Math.floor(random() * 150_000),
      `work item ${i + 1}`,
    );
    recordId += 2;
    rows.push(...pair.slice(0, count - rows.length));
  }
  return rows;
}

export function seedCrm(options: {
  now: Date;
  seed: number;
  freelancer: SandboxPerson;
  transactionCount?: number;
}): SandboxCrmSeed {
  const { now, freelancer } = options;
  const random = seededRandom(options.seed + 7);
  const contracts = seedContracts(now);
  const rooms: SandboxRoom[] = [];
  const stories: SandboxStory[] = [];
  THREADS.forEach((thread, index) => {
    const roomId = `31000000${index + 1}`;
    const startedAt = now.getTime() - (40 - index * 12) * DAY;
    let last = new Date(startedAt);
    thread.lines.forEach(([from, message], line) => {
      last = new Date(startedAt + line * (DAY / 3) + Math.floor(random() * 3_600_000));
      stories.push({
        id: `${roomId}${String(line + 1).padStart(3, '0')}`,
        roomId,
        message,
        createdAt: last,
        user: from === 'client' ? thread.client : freelancer,
      });
    });
    const lastLine = thread.lines.at(-1);
    rooms.push({
      id: roomId,
      roomName: thread.title,
      roomType: 'ONE_ON_ONE',
      // The first thread ends with a question from the client nobody has read yet.
      numUnread: index === 0 && lastLine?.[0] === 'client' ? 1 : 0,
      contractId: index === 1 ? (contracts[1]?.id ?? null) : null,
      proposalId: null,
      jobId: null,
      client: thread.client,
      createdAt: new Date(startedAt),
      lastActivityAt: last,
    });
  });
  const transactions =
    options.transactionCount === undefined
      ? seedLedger(now, contracts, random)
      : bulkLedger(now, contracts, options.transactionCount, random);
  return { rooms, stories, contracts, transactions };
}
