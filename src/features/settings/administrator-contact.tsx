import { useAdministratorContactsQuery } from './profile.api';

/**
 * Who to ask for a module: the administrators' names and email links. While they load, or when
 * the server knows none, nothing more is said than the sentence around it.
 */
export default function AdministratorContact() {
  const { data } = useAdministratorContactsQuery();
  const admins = data?.items ?? [];
  if (admins.length === 0) return null;
  return (
    <p className="mt-3 text-sm text-slate-700 dark:text-slate-200">
      {admins.length === 1 ? 'Your administrator: ' : 'Your administrators: '}
      {admins.map((admin, index) => (
        <span key={admin.email}>
          {index > 0 ? ', ' : null}
          {admin.name ? `${admin.name} ` : null}
          <a
            href={`mailto:${admin.email}`}
            className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-600 dark:text-indigo-300"
          >
            {admin.name ? `(${admin.email})` : admin.email}
          </a>
        </span>
      ))}
      .
    </p>
  );
}
