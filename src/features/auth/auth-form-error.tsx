/** The reason a sign-in or sign-up attempt failed, announced as an alert. */
export function AuthFormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}
