import type { UseFormReturn } from 'react-hook-form';
import { Controller } from 'react-hook-form';

import { errorClass, Field, hintClass, labelClass } from '@/components/ui/field';
import { inputClass } from '@/components/ui/page';

import type { ProfileFormValues } from './profile-form-values';
import { SkillsInput } from './skills-input';

/** Who the freelancer is: name, title, overview and skills. */
export function ProfileAboutFields({
  form,
  id,
  skillSuggestions,
}: {
  form: UseFormReturn<ProfileFormValues>;
  id: (name: string) => string;
  skillSuggestions: readonly string[];
}) {
  const { register, formState } = form;
  const errors = formState.errors;
  const skillsError = errors.skills?.message;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id('name')} label="Name" error={errors.name?.message}>
          <input className={inputClass} autoComplete="name" {...register('name')} />
        </Field>
        <Field
          id={id('title')}
          label="Title"
          hint="Your headline, e.g. Full-stack developer (React, Node.js)."
          error={errors.title?.message}
        >
          <input className={inputClass} {...register('title')} />
        </Field>
      </div>
      <Field
        id={id('overview')}
        label="Overview"
        hint="What you do and for whom; drafts draw on it."
        error={errors.overview?.message}
      >
        <textarea rows={5} className={inputClass} {...register('overview')} />
      </Field>
      <div>
        <label htmlFor={id('skills')} className={labelClass}>
          Skills
        </label>
        <Controller
          control={form.control}
          name="skills"
          render={({ field }) => (
            <SkillsInput
              id={id('skills')}
              value={field.value}
              onChange={field.onChange}
              suggestions={skillSuggestions}
              describedBy={`${id('skills')}-hint${skillsError ? ` ${id('skills')}-error` : ''}`}
              invalid={Boolean(skillsError)}
            />
          )}
        />
        <p id={`${id('skills')}-hint`} className={hintClass}>
          Enter or a comma adds a skill, Backspace removes the last one. Suggestions come from your
          jobs. Jobs are scored on how many of their skills you list.
        </p>
        {skillsError ? (
          <p id={`${id('skills')}-error`} role="alert" className={errorClass}>
            {skillsError}
          </p>
        ) : null}
      </div>
    </div>
  );
}
