import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { ConfirmDiscardDialog } from '@/components/ui/confirm-discard-dialog';
import { FormAlert, FormStatus } from '@/components/ui/form-feedback';
import { buttonClass } from '@/components/ui/page';
import type { Profile, UpworkProfileDraft } from '@/contract/profile';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useLeaveGuard } from '@/lib/use-leave-guard';

import { FillFromUpwork } from './fill-from-upwork';
import { ProfileAboutFields } from './profile-about-fields';
import {
  fromUpwork,
  profileFormSchema,
  toBody,
  toFormValues,
  type ProfileFormValues,
} from './profile-form-values';
import { ProfileRateFields } from './profile-rate-fields';
import { ProfileVoiceFields } from './profile-voice-fields';
import { useSaveProfileMutation } from './profile.api';
import { RescoreStatus } from './rescore-status';
import { useRescoreJobs } from './use-rescore-jobs';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The profile the agents write from; saving scores the user's jobs again. */
export function ProfileEditor({
  profile,
  skillSuggestions,
}: {
  profile: Profile;
  skillSuggestions: readonly string[];
}) {
  const formId = useId();
  const id = (name: string) => `${formId}-${name}`;
  const [saveProfile] = useSaveProfileMutation();
  const rescore = useRescoreJobs();
  const [status, setStatus] = useState<string | null>(null);
  const form = useForm<ProfileFormValues, unknown, z.output<typeof profileFormSchema>>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: toFormValues(profile),
    // Checked on submit, then as the person types; never while a field is untouched.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { handleSubmit, setError, formState, reset, setValue } = form;

  // Leaving with unsaved edits asks first: in-app links get the dialog below, closing or
  // reloading the tab the browser's own warning.
  const held = useLeaveGuard(formState.isDirty && !formState.isSubmitting);

  const submit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      const saved = await saveProfile(toBody(values)).unwrap();
      reset(toFormValues(saved));
      setStatus('Saved.');
      void rescore.start();
    } catch (caught) {
      setError('root', {
        message: apiErrorMessage(
          caught,
          'Could not save the profile. Check your connection and try again.',
        ),
      });
    }
  });

  const fill = (draft: UpworkProfileDraft) => {
    const values = fromUpwork(draft);
    for (const [name, value] of Object.entries(values)) {
      setValue(name as keyof ProfileFormValues, value, { shouldDirty: true });
    }
    setStatus(
      Object.keys(values).length > 0
        ? 'Filled from Upwork: review the fields, then save.'
        : 'Your Upwork profile has nothing to fill in yet.',
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Profile" className="space-y-6">
      <FillFromUpwork onFill={fill} />
      <Section title="About you">
        <ProfileAboutFields form={form} id={id} skillSuggestions={skillSuggestions} />
      </Section>
      <Section title="Rate and time zone">
        <ProfileRateFields form={form} id={id} />
      </Section>
      <Section title="Your voice">
        <ProfileVoiceFields form={form} id={id} />
      </Section>
      <div className="sticky bottom-0 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-slate-50 py-3 dark:border-slate-700 dark:bg-slate-950">
        <button type="submit" className={buttonClass.primary} disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Save profile'}
        </button>
        <FormAlert>{formState.errors.root?.message}</FormAlert>
        <FormStatus>{status}</FormStatus>
        <RescoreStatus progress={rescore.progress} />
      </div>
      <ConfirmDiscardDialog
        open={held !== null}
        title="Leave without saving?"
        description="Your changes to the profile are not saved. Leaving now loses them."
        discardLabel="Leave without saving"
        onDiscard={() => held?.leave()}
        onKeep={() => held?.stay()}
      />
    </form>
  );
}
