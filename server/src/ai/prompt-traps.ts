import type { ClientAsk, PromptTrap } from '#contract/jobs';

import { readPostInstructions, type DetectedTrap } from './post-instructions.ts';

/*
 * Prompt traps and client asks as the rest of the server uses them: job scoring shows each trap
 * (an excerpt and a reason) and each ask; the drafters fence the trap sentences out of what a
 * model reads and follow the asks. The reading itself is in post-instructions.ts.
 */

/** Each trap found in the text, once, with an excerpt and the reason. */
export function detectPromptTraps(text: string): PromptTrap[] {
  return readPostInstructions(text).traps.map(({ excerpt, reason }) => ({ excerpt, reason }));
}

/** The client's read-check asks in the text, in order. */
export function detectClientAsks(text: string): ClientAsk[] {
  return readPostInstructions(text).asks;
}

/** The sentences of the text that hold a prompt trap, in order. */
export function promptTrapSentences(text: string): string[] {
  return readPostInstructions(text).traps.map((trap) => trap.sentence);
}

/** The traps of a job's text with what each asked for, for the check after drafting. */
export function detectedTraps(text: string): DetectedTrap[] {
  return readPostInstructions(text).traps;
}
