import { useState } from 'react';

import { Field, hintClass } from '@/components/ui/field';
import { buttonClass, inputClass } from '@/components/ui/page';
import { Select, optionsOf } from '@/components/ui/select';
import { AI_PROVIDERS, AI_PROVIDER_LABELS, type AiProvider, type AiSettings } from '@/contract/ai';
import { FormAlert, FormStatus } from '@/components/ui/form-feedback';

import {
  useAiSettingsQuery,
  useTestAiSettingsMutation,
  useUpdateAiSettingsMutation,
} from './responses.api';

type ProviderEntries = {
  provider: AiProvider;
  model: string;
  baseUrl: string;
  apiKey: string;
  clearKey: boolean;
};

/** The provider, model, address and key as typed; blank entries keep what is stored. */
function useProviderEntries(settings: AiSettings) {
  const [entries, setEntries] = useState<ProviderEntries>({
    provider: settings.provider,
    model: settings.model ?? '',
    baseUrl: settings.baseUrl ?? '',
    apiKey: '',
    clearKey: false,
  });
  const set = (change: Partial<ProviderEntries>) =>
    setEntries((current) => ({ ...current, ...change }));
  const body = () => ({
    provider: entries.provider,
    ...(entries.model.trim() ? { model: entries.model.trim() } : {}),
    ...(entries.baseUrl.trim() ? { baseUrl: entries.baseUrl.trim() } : {}),
    ...(entries.apiKey.trim() ? { apiKey: entries.apiKey.trim() } : {}),
    ...(entries.clearKey ? { clearApiKey: true } : {}),
  });
  return { entries, set, body };
}

function ProviderFields({
  settings,
  entries,
  set,
}: { settings: AiSettings } & Pick<ReturnType<typeof useProviderEntries>, 'entries' | 'set'>) {
  const off = entries.provider === 'none';
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Select
        id="ai-provider"
        label="Provider"
        options={optionsOf(AI_PROVIDERS, AI_PROVIDER_LABELS)}
        value={entries.provider}
        onChange={(e) => set({ provider: e.target.value as AiProvider })}
      />
      <Field id="ai-model" label="Model">
        <input
          className={inputClass}
          value={entries.model}
          onChange={(e) => set({ model: e.target.value })}
          placeholder="gpt-4o-mini, claude-3-5-haiku-latest, llama3.1"
          disabled={off}
        />
      </Field>
      <Field
        id="ai-base-url"
        label={`Base URL ${entries.provider === 'openai-compatible' ? '' : '(optional)'}`}
      >
        <input
          type="url"
          className={inputClass}
          value={entries.baseUrl}
          onChange={(e) => set({ baseUrl: e.target.value })}
          placeholder="http://localhost:11434/v1"
          disabled={off}
        />
      </Field>
      <Field id="ai-key" label="API key" hint="Stored encrypted; it is never shown again.">
        <input
          type="password"
          autoComplete="off"
          className={inputClass}
          value={entries.apiKey}
          onChange={(e) => set({ apiKey: e.target.value })}
          placeholder={settings.hasApiKey ? 'A key is stored — leave blank to keep it' : 'Not set'}
          disabled={off}
        />
      </Field>
    </div>
  );
}

function AdminProviderFields({ settings }: { settings: AiSettings }) {
  const [update, updateState] = useUpdateAiSettingsMutation();
  const [test, testState] = useTestAiSettingsMutation();
  const { entries, set, body } = useProviderEntries(settings);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    setMessage(null);
    const result = await update(body());
    if ('error' in result) {
      const data = (result.error as { data?: { error?: { message?: string } } }).data;
      setError(
        data?.error?.message ?? 'Could not save the provider. Your entries are kept; try again.',
      );
      return;
    }
    set({ apiKey: '', clearKey: false });
    setMessage('Provider saved.');
  };

  const runTest = async () => {
    const result = await test();
    if ('error' in result) setError('Could not test the provider.');
    else setMessage(`${result.data.ok ? 'Works' : 'Failed'}: ${result.data.message}`);
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
        <p className={hintClass}>
          Currently set by the server&apos;s AI_* configuration. Saving here overrides it.
        </p>
      ) : null}
      <ProviderFields settings={settings} entries={entries} set={set} />
      {settings.hasApiKey ? (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={entries.clearKey}
            onChange={(e) => set({ clearKey: e.target.checked })}
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
          onClick={() => void runTest()}
        >
          Test connection
        </button>
      </div>
      <FormAlert>{error}</FormAlert>
      <FormStatus>{message}</FormStatus>
    </form>
  );
}

/** The admin's choice of AI provider, shown once the stored settings are known. */
export function AdminProviderForm() {
  const settings = useAiSettingsQuery();
  if (!settings.data)
    return settings.isError ? <p role="alert">Could not load the provider settings.</p> : null;
  return <AdminProviderFields key={settings.data.updatedAt ?? 'config'} settings={settings.data} />;
}
