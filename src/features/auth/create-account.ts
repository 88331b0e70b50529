import {
  createUserWithEmailAndPassword,
  sendEmailVerification,
  updateProfile,
} from 'firebase/auth';

import { paths } from '@/config/paths';
import { getFirebaseAuth } from '@/lib/firebase';

import { continueUrl } from './auth-actions';
import type { SignupInput } from './signup-validate';

/** Creates the account, sets its display name and sends the verification email. */
export async function createAccount({ displayName, email, password }: SignupInput): Promise<void> {
  const { user } = await createUserWithEmailAndPassword(await getFirebaseAuth(), email, password);
  await updateProfile(user, { displayName });
  await sendEmailVerification(user, continueUrl(paths.dashboard));
}
