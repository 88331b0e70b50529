import { and, eq } from 'drizzle-orm';

import { VARIANTS } from '#contract/responses';
import type { CompareKind, CompareResult } from '#contract/response-analytics';

import type { Database } from '../../db/client.ts';
import { templates } from '../../db/schema/templates.ts';
import { HttpError, notFound } from '../../http-error.ts';
import { compareArms, wilsonInterval, type ArmCounts } from './ab-test.ts';
import { resolvedRangeOf, type AnalyticsRange } from './range.ts';
import { reachedAtLeast, sentResponseFacts, type ResponseFact } from './response-facts.ts';

/**
 * Two variants (A and B) or two of the user's templates side by side over the responses sent in
 * the period: each one's reply rate with its 95% interval, the difference with its interval, and
 * the plain sentence saying whether one is replied to more often.
 */

type Arm = { key: string; label: string; matches: (fact: ResponseFact) => boolean };

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function variantArm(key: string): Arm {
  const variant = VARIANTS.find((value) => value === key);
  if (!variant) {
    throw new HttpError(400, 'validation_failed', 'Compare variants A and B: use a=A and b=B');
  }
  return { key: variant, label: `Variant ${variant}`, matches: (fact) => fact.variant === variant };
}

async function templateArm(db: Database, userId: string, id: string): Promise<Arm> {
  // Not a template id at all reads as "no such template", the same as another user's.
  if (!UUID_SHAPE.test(id)) throw notFound('Template');
  const [template] = await db
    .select({ id: templates.id, name: templates.name })
    .from(templates)
    .where(and(eq(templates.id, id), eq(templates.userId, userId), eq(templates.kind, 'response')))
    .limit(1);
  if (!template) throw notFound('Template');
  return { key: template.id, label: template.name, matches: (fact) => fact.templateId === id };
}

function countsOf(facts: ResponseFact[], arm: Arm): ArmCounts {
  const mine = facts.filter(arm.matches);
  return {
    sent: mine.length,
    replied: mine.filter((fact) => reachedAtLeast(fact, 'replied')).length,
  };
}

export async function compareResponses(
  db: Database,
  userId: string,
  range: AnalyticsRange,
  kind: CompareKind,
  a: string,
  b: string,
): Promise<CompareResult> {
  const [armA, armB] =
    kind === 'variant'
      ? [variantArm(a), variantArm(b)]
      : await Promise.all([templateArm(db, userId, a), templateArm(db, userId, b)]);
  if (armA.key === armB.key) {
    throw new HttpError(400, 'validation_failed', 'Choose two different ones to compare');
  }
  const facts = await sentResponseFacts(db, userId, range);
  const countsA = countsOf(facts, armA);
  const countsB = countsOf(facts, armB);
  const comparison = compareArms(
    { ...countsA, label: armA.label },
    { ...countsB, label: armB.label },
  );
  const side = (arm: Arm, counts: ArmCounts) => {
    const interval = wilsonInterval(counts);
    return {
      key: arm.key,
      label: arm.label,
      sent: counts.sent,
      replied: counts.replied,
      replyRate: counts.sent > 0 ? counts.replied / counts.sent : null,
      low: interval?.low ?? null,
      high: interval?.high ?? null,
    };
  };
  return {
    range: resolvedRangeOf(range),
    kind,
    a: side(armA, countsA),
    b: side(armB, countsB),
    method: 'newcombe-wilson',
    ...comparison,
  };
}
