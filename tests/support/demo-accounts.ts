import type { Module, Role } from '#contract/user';

/** The three accounts `npm start` and the e2e run seed (listed in README.md). */
export type DemoAccount = {
  email: string;
  password: string;
  name: string;
  role: Role;
  modules: Module[];
};

export const ALL_MODULES: Module[] = ['response', 'proposal', 'upwork', 'portfolio'];

export const DEMO_ADMIN: DemoAccount = {
  email: 'admin@example.com',
  password: 'bidwright-admin',
  name: 'Demo Admin',
  role: 'admin',
  modules: ALL_MODULES,
};

export const DEMO_FREELANCER: DemoAccount = {
  email: 'freelancer@example.com',
  password: 'bidwright-demo',
  name: 'Demo Freelancer',
  role: 'member',
  modules: ALL_MODULES,
};

export const DEMO_VIEWER: DemoAccount = {
  email: 'viewer@example.com',
  password: 'bidwright-demo',
  name: 'Demo Viewer',
  role: 'member',
  modules: [],
};

export const DEMO_ACCOUNTS: DemoAccount[] = [DEMO_ADMIN, DEMO_FREELANCER, DEMO_VIEWER];

/**
 * Only the e2e run seeds this account: a member with every module and a year of generated history
 * (responses, quotes, leads, transactions), for the dashboard and analytics specs to recompute.
 * Not a demo account: `npm start` does not create it and README.md does not list it.
 */
export const E2E_HISTORY_ACCOUNT: DemoAccount = {
  email: 'history@example.com',
  password: 'bidwright-history',
  name: 'History Freelancer',
  role: 'member',
  modules: ALL_MODULES,
};
