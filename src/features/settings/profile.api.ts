import type {
  AdministratorContacts,
  Profile,
  RescoreStep,
  SkillSuggestions,
  UpdateProfileBody,
  UpworkProfileDraft,
} from '@/contract/profile';
import type { UpworkConnection } from '@/contract/upwork';
import { api } from '@/store/api';

/** The profile editor's calls: the profile, re-scoring, suggestions, Upwork pre-fill, admins. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    profileForEditor: build.query<Profile, void>({
      query: () => '/api/profile',
      providesTags: [{ type: 'Settings', id: 'profile' }],
    }),
    saveProfile: build.mutation<Profile, UpdateProfileBody>({
      query: (body) => ({ url: '/api/profile', method: 'PUT', body }),
      invalidatesTags: [{ type: 'Settings', id: 'profile' }],
    }),
    /** One batch of jobs scored again; every job list and detail reads the new scores after it. */
    rescoreJobs: build.mutation<RescoreStep, void>({
      query: () => ({ url: '/api/profile/rescore', method: 'POST' }),
      invalidatesTags: (result) => (result && result.rescored > 0 ? ['Job'] : []),
    }),
    profileSkillSuggestions: build.query<SkillSuggestions, void>({
      query: () => '/api/profile/skill-suggestions',
      providesTags: [{ type: 'Job', id: 'LIST' }],
    }),
    profileUpworkConnection: build.query<UpworkConnection, void>({
      query: () => '/api/upwork/connection',
      providesTags: ['Upwork'],
    }),
    profileFromUpwork: build.query<UpworkProfileDraft, void>({
      query: () => '/api/profile/from-upwork',
      keepUnusedDataFor: 0,
    }),
    administratorContacts: build.query<AdministratorContacts, void>({
      query: () => '/api/profile/administrators',
    }),
  }),
});

export const {
  useProfileForEditorQuery,
  useSaveProfileMutation,
  useRescoreJobsMutation,
  useProfileSkillSuggestionsQuery,
  useProfileUpworkConnectionQuery,
  useLazyProfileFromUpworkQuery,
  useAdministratorContactsQuery,
} = profileApi;
