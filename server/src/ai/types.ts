import type { ClientAsk } from '#contract/jobs';
import type { ResponseLength, Tone } from '#contract/responses';

/** What the agents know about a job, whatever its source (a jobs row or pasted text). */
export type AgentJob = {
  id: string | null;
  title: string;
  description: string;
  url: string | null;
  skills: string[];
  budget: string | null;
  screeningQuestions: string[];
  clientName: string | null;
  /** Facts about the client as posted (country, spend, hires, rating, payment verified). */
  clientFacts: Record<string, string | number | boolean | null>;
  /** Sentences in the post aimed at AI writers; shown to the user, never obeyed. */
  promptTraps: string[];
  /** What the client asks a person to do to prove they read the post; every draft follows it. */
  clientAsks: ClientAsk[];
};

/** The freelancer, as the profile describes them. */
export type AgentProfile = {
  name: string | null;
  title: string | null;
  overview: string | null;
  skills: string[];
  hourlyRateMinor: number | null;
  currency: string;
  signature: string | null;
  writingSamples: string[];
};

export type PortfolioHit = {
  id: string;
  title: string;
  description: string;
  skills: string[];
  results: string | null;
  url: string | null;
};

export type ClientHistory = {
  facts: Record<string, string | number | boolean | null>;
  /** Earlier responses of this user to jobs of the same client. */
  previousResponses: Array<{ jobTitle: string; status: string; createdAt: string }>;
};

export type AgentTemplate = { id: string; name: string; body: string; isDefault: boolean };

/** Data access the agents need, given by the service (scoped to the owner). */
export type AgentDeps = {
  job: AgentJob;
  profile: AgentProfile;
  searchPortfolio: (query: string, limit: number) => Promise<PortfolioHit[]>;
  readClientHistory: () => Promise<ClientHistory>;
  listTemplates: () => Promise<AgentTemplate[]>;
};

export type DraftOptions = {
  tone: Tone;
  length: ResponseLength;
  /** A chosen template, or null to let the agent choose. */
  templateId: string | null;
  variant: 'A' | 'B';
};
