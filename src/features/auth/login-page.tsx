import { useSignOutReason } from '@/lib/session';

import { AuthShell } from './auth-shell';
import { completeRedirectSignIn, loginFormLogic } from './auth-actions';
import { LoginForm } from './login-form';

/** /login: the sign-in form beside the marketing panel. */
export default function LoginPage() {
  const signOutReason = useSignOutReason();
  return (
    <AuthShell>
      <LoginForm
        logic={loginFormLogic}
        completeRedirect={completeRedirectSignIn}
        signOutReason={signOutReason}
      />
    </AuthShell>
  );
}
