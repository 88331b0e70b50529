import { Link } from 'react-router-dom';

import { FormAlert } from '@/components/ui/form-feedback';
import { RouteLoading } from '@/components/ui/loading';
import { buttonClass, PageHeader } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { apiErrorMessage } from '@/lib/api-error-message';
import { hasModule, useCurrentUser } from '@/lib/session';

import { ProfileEditor } from './profile-editor';
import { useProfileForEditorQuery, useProfileSkillSuggestionsQuery } from './profile.api';

/** /settings/profile: what the agents and the job scores know about the freelancer. */
export default function ProfilePage() {
  const user = useCurrentUser();
  const profile = useProfileForEditorQuery();
  const suggestions = useProfileSkillSuggestionsQuery();
  return (
    <>
      <PageHeader
        title="Profile"
        description="Jobs are scored against your skills and rate; drafts use your overview, rate, signature and writing samples."
        actions={
          hasModule(user, 'upwork') ? (
            <Link to={paths.jobs} className={buttonClass.secondary}>
              Browse Jobs
            </Link>
          ) : null
        }
      />
      {profile.isLoading ? <RouteLoading /> : null}
      {profile.isError ? (
        <div className="space-y-3">
          <FormAlert>
            {apiErrorMessage(
              profile.error,
              'Your profile could not be loaded. Check your connection.',
            )}
          </FormAlert>
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => void profile.refetch()}
          >
            Try again
          </button>
        </div>
      ) : null}
      {profile.data ? (
        <ProfileEditor profile={profile.data} skillSuggestions={suggestions.data?.items ?? []} />
      ) : null}
    </>
  );
}
