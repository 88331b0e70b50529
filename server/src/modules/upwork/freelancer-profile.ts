import {
  fetchFreelancerProfile,
  type FreelancerProfileAnswer,
} from '../../integrations/upwork/freelancer-profile.ts';
import type { UpworkDeps } from './deps.ts';
import { clientFor } from './session.ts';
import { toUpworkHttpError } from './upwork-http-error.ts';

/** The connected freelancer's Upwork profile as Upwork answered it; 409 when not connected. */
export async function upworkFreelancerProfile(
  deps: UpworkDeps,
  userId: string,
): Promise<FreelancerProfileAnswer> {
  const client = await clientFor(deps, userId);
  try {
    return await fetchFreelancerProfile(client);
  } catch (error) {
    throw toUpworkHttpError(error);
  }
}
