import { useApiUnreachable } from '@/lib/connectivity';

/**
 * The installed app says clearly when it is offline: when the API could not be reached, or an
 * answer came from the offline copy. It goes as soon as a request reaches the API again.
 */
export function OfflineNotice() {
  const offline = useApiUnreachable();
  if (!offline) return null;
  return (
    <div
      role="status"
      className="bg-amber-200 px-4 py-2 text-center text-sm font-medium text-amber-950 dark:bg-amber-300"
    >
      You are offline. Bidwright shows what it last loaded; changes will not be saved until you
      reconnect.
    </div>
  );
}
