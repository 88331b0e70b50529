import { z } from 'zod';

import { moneySchema } from './graphql-answers.ts';
import type { UpworkGraphqlClient } from './graphql-client.ts';

/**
 * The signed-in freelancer's own Upwork profile (the `user.freelancerProfile` field): name,
 * headline, overview, skills, hourly rate and time zone. Read to pre-fill Bidwright's profile,
 * which the user reviews before saving. Every field may be missing: Upwork omits what is unset.
 */
export const FREELANCER_PROFILE_QUERY = `query FreelancerProfile {
  user { id name freelancerProfile {
    personalData { firstName lastName title description chargeRate { rawValue currency } address { timezone } }
    skills { edges { node { prettyName } } } } }
}`;

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

export const freelancerProfileAnswerSchema = z.object({
  user: z
    .object({
      name: text,
      freelancerProfile: z
        .object({
          personalData: z
            .object({
              firstName: text,
              lastName: text,
              title: text,
              description: text,
              chargeRate: moneySchema.nullish(),
              address: z.object({ timezone: text }).nullish(),
            })
            .nullish(),
          skills: z
            .object({
              edges: z
                .array(z.object({ node: z.object({ prettyName: text }).nullish() }))
                .nullish(),
            })
            .nullish(),
        })
        .nullish(),
    })
    .nullish(),
});
export type FreelancerProfileAnswer = z.output<typeof freelancerProfileAnswerSchema>;

export function fetchFreelancerProfile(
  client: UpworkGraphqlClient,
): Promise<FreelancerProfileAnswer> {
  return client.request(freelancerProfileAnswerSchema, FREELANCER_PROFILE_QUERY);
}
