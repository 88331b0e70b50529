import { useOnlineStatus } from '@/lib/online-status';

/** Product §3: the installed app says clearly when it is offline. */
export function OfflineNotice() {
  const online = useOnlineStatus();
  if (online) return null;
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
