import { EmailAuthProvider, reauthenticateWithCredential, updatePassword } from 'firebase/auth';

import { getFirebaseAuth } from '@/lib/firebase';

export const MIN_PASSWORD_LENGTH = 6;

/** Re-authenticates with the current password, then sets the new one (the provider requires a recent login). */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const user = (await getFirebaseAuth()).currentUser;
  if (!user?.email) throw new Error('You are not signed in.');
  await reauthenticateWithCredential(
    user,
    EmailAuthProvider.credential(user.email, currentPassword),
  );
  await updatePassword(user, newPassword);
}
