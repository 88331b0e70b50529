import type { BackendUser } from '@/contract/user';

import { useExportAdminUserMutation, type UserExportFormat } from './admin.api';
import { adminErrorMessage } from './admin-error';

const MEDIA_TYPES: Record<UserExportFormat, string> = {
  json: 'application/json',
  csv: 'text/csv;charset=utf-8',
};

/** Downloads a user's data as a file; resolves to an error message, or null when it worked. */
export function useUserExport() {
  const [exportUser, { isLoading }] = useExportAdminUserMutation();

  const download = async (user: BackendUser, format: UserExportFormat): Promise<string | null> => {
    const result = await exportUser({ id: user.id, format });
    if ('error' in result || typeof result.data !== 'string') {
      return adminErrorMessage(
        'error' in result ? result.error : null,
        `Could not export the data of ${user.email}. Try again.`,
      );
    }
    const url = URL.createObjectURL(new Blob([result.data], { type: MEDIA_TYPES[format] }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `bidwright-user-${user.email}.${format}`;
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
    return null;
  };

  return { download, exporting: isLoading };
}
