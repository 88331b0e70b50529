import { useState } from 'react';

import { buttonClass } from '@/components/ui/page';
import { Select, optionsOf } from '@/components/ui/select';
import { AI_PROVIDER_LABELS } from '@/contract/ai';
import { LENGTHS, TONES, type ResponseLength, type Tone } from '@/contract/responses';
import { hasModule, isAdmin, useCurrentUser } from '@/lib/session';

import { AdminProviderForm } from './ai-provider-admin-form';
import { LENGTH_LABELS, TONE_LABELS } from './generate-form';
import {
  useAiStatusQuery,
  useResponseProfileQuery,
  useUpdateResponseDefaultsMutation,
} from './responses.api';

/** Settings → Account: the AI provider (admins) and the default tone and length (everyone). */
export function AiProviderSection() {
  const user = useCurrentUser();
  const allowed = hasModule(user, 'response');
  const status = useAiStatusQuery(undefined, { skip: !allowed });
  if (!allowed) return null;
  return (
    <section
      aria-labelledby="ai-provider-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id="ai-provider-heading" className="text-lg font-semibold">
        AI provider
      </h2>
      {status.data ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {status.data.offline
            ? 'No AI provider is set: responses are drafted by the offline engine from your templates, profile and portfolio.'
            : `Responses are drafted by ${AI_PROVIDER_LABELS[status.data.provider]} (${status.data.model ?? 'default model'}).`}
        </p>
      ) : null}
      <DefaultsForm />
      {isAdmin(user) ? <AdminProviderForm /> : null}
    </section>
  );
}

function DefaultsForm() {
  const profile = useResponseProfileQuery();
  if (!profile.data)
    return profile.isError ? <p role="alert">Could not load your defaults.</p> : null;
  return (
    <DefaultsFields
      key={profile.data.updatedAt ?? 'new'}
      tone={profile.data.defaultTone}
      length={profile.data.defaultLength}
    />
  );
}

function DefaultsFields(props: { tone: Tone; length: ResponseLength }) {
  const [save, saveState] = useUpdateResponseDefaultsMutation();
  const [tone, setTone] = useState<Tone>(props.tone);
  const [length, setLength] = useState<ResponseLength>(props.length);
  const [message, setMessage] = useState<string | null>(null);

  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void save({ defaultTone: tone, defaultLength: length }).then((result) =>
          setMessage(
            'error' in result ? 'Could not save the defaults. Try again.' : 'Defaults saved.',
          ),
        );
      }}
    >
      <Select
        id="default-tone"
        label="Default tone"
        options={optionsOf(TONES, TONE_LABELS)}
        value={tone}
        onChange={(e) => setTone(e.target.value as Tone)}
      />
      <Select
        id="default-length"
        label="Default length"
        options={optionsOf(LENGTHS, LENGTH_LABELS)}
        value={length}
        onChange={(e) => setLength(e.target.value as ResponseLength)}
      />
      <button type="submit" className={buttonClass.secondary} disabled={saveState.isLoading}>
        Save defaults
      </button>
      {message ? (
        <p role="status" className="text-sm">
          {message}
        </p>
      ) : null}
    </form>
  );
}
