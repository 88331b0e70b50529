// One line per area (docs/conventions.md). Every table must be exported for migrations.
export * from './users.ts';
export * from './activities.ts';
export * from './profiles.ts';
export * from './portfolio.ts';
export * from './jobs.ts';
export * from './saved-searches.ts';
export * from './upwork.ts';
export * from './templates.ts';
export * from './responses.ts';
export * from './ai.ts';
export * from './notifications.ts';
export * from './quotes.ts';
export * from './leads.ts';
export * from './transactions.ts';
export * from './messages.ts';
export * from './idempotency.ts';
