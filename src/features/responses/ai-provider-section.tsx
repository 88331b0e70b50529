import { useState } from 'react';

import { buttonClass, inputClass } from '@/components/ui/page';
import { AI_PROVIDERS, AI_PROVIDER_LABELS, type AiProvider, type AiSettings } from '@/contract/ai';
import { LENGTHS, TONES, type ResponseLength, type Tone } from '@/contract/responses';
import { hasModule, isAdmin, useCurrentUser } from '@/lib/session';

import {
  useAiSettingsQuery,
  useAiStatusQuery,
  useResponseProfileQuery,
  useTestAiSettingsMutation,
  useUpdateAiSettingsMutation,
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
      <div>
        <label htmlFor="default-tone" className="block text-sm font-medium">
          Default tone
        </label>
        <select
          id="default-tone"
          className={inputClass}
          value={tone}
          onChange={(e) => setTone(e.target.value as Tone)}
        >
          {TONES.map((t) => (
            <option key={t} value={t}>
              {t[0]!.toUpperCase() + t.slice(1)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="default-length" className="block text-sm font-medium">
          Default length
        </label>
        <select
          id="default-length"
          className={inputClass}
          value={length}
          onChange={(e) => setLength(e.target.value as ResponseLength)}
        >
          {LENGTHS.map((l) => (
            <option key={l} value={l}>
              {l[0]!.toUpperCase() + l.slice(1)}
            </option>
          ))}
        </select>
      </div>
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

function AdminProviderForm() {
  const settings = useAiSettingsQuery();
  if (!settings.data)
    return settings.isError ? <p role="alert">Could not load the provider settings.</p> : null;
  return <AdminProviderFields key={settings.data.updatedAt ?? 'config'} settings={settings.data} />;
}

function AdminProviderFields({ settings }: { settings: AiSettings }) {
  const [update, updateState] = useUpdateAiSettingsMutation();
  const [test, testState] = useTestAiSettingsMutation();
  const [provider, setProvider] = useState<AiProvider>(settings.provider);
  const [model, setModel] = useState(settings.model ?? '');
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [clearKey, setClearKey] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    setMessage(null);
    const result = await update({
      provider,
      ...(model.trim() ? { model: model.trim() } : {}),
      ...(baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {}),
      ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
      ...(clearKey ? { clearApiKey: true } : {}),
    });
    if ('error' in result) {
      const data = (result.error as { data?: { error?: { message?: string } } }).data;
      setError(
        data?.error?.message ?? 'Could not save the provider. Your entries are kept; try again.',
      );
      return;
    }
    setApiKey('');
    setClearKey(false);
    setMessage('Provider saved.');
  };

  return (
    <form
      className="space-y-3 border-t border-slate-200 pt-3 dark:border-slate-700"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 className="text-sm font-semibold">Provider (admins)</h3>
      {settings.source === 'config' ? (
        <p className="text-xs text-slate-600 dark:text-slate-300">
          Currently set by the server&apos;s AI_* configuration. Saving here overrides it.
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="ai-provider" className="block text-sm font-medium">
            Provider
          </label>
          <select
            id="ai-provider"
            className={inputClass}
            value={provider}
            onChange={(e) => setProvider(e.target.value as AiProvider)}
          >
            {AI_PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {AI_PROVIDER_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="ai-model" className="block text-sm font-medium">
            Model
          </label>
          <input
            id="ai-model"
            className={inputClass}
            value={model}
            onChange={(e) => setModel(e.target.value)}
            placeholder="gpt-4o-mini, claude-3-5-haiku-latest, llama3.1"
            disabled={provider === 'none'}
          />
        </div>
        <div>
          <label htmlFor="ai-base-url" className="block text-sm font-medium">
            Base URL {provider === 'openai-compatible' ? '' : '(optional)'}
          </label>
          <input
            id="ai-base-url"
            type="url"
            className={inputClass}
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.target.value)}
            placeholder="http://localhost:11434/v1"
            disabled={provider === 'none'}
          />
        </div>
        <div>
          <label htmlFor="ai-key" className="block text-sm font-medium">
            API key
          </label>
          <input
            id="ai-key"
            type="password"
            autoComplete="off"
            className={inputClass}
            value={apiKey}
            onChange={(e) => setApiKey(e.target.value)}
            placeholder={
              settings.hasApiKey ? 'A key is stored — leave blank to keep it' : 'Not set'
            }
            disabled={provider === 'none'}
          />
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
            Stored encrypted; it is never shown again.
          </p>
        </div>
      </div>
      {settings.hasApiKey ? (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={clearKey}
            onChange={(e) => setClearKey(e.target.checked)}
          />{' '}
          Remove the stored key
        </label>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass.primary} disabled={updateState.isLoading}>
          {updateState.isLoading ? 'Saving…' : 'Save provider'}
        </button>
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={testState.isLoading}
          onClick={() =>
            void test().then((result) => {
              if ('error' in result) setError('Could not test the provider.');
              else setMessage(`${result.data.ok ? 'Works' : 'Failed'}: ${result.data.message}`);
            })
          }
        >
          Test connection
        </button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : null}
      {message ? (
        <p role="status" className="text-sm">
          {message}
        </p>
      ) : null}
    </form>
  );
}
