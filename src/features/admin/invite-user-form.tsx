import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';

import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-feedback';
import { buttonClass, inputClass } from '@/components/ui/page';
import { Select } from '@/components/ui/select';
import { MODULES, moduleSchema, roleSchema, type InviteUserBody } from '@/contract/user';

const inviteFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { message: 'Enter the email address to invite.' })
    .pipe(z.email({ message: 'Enter a full email address, such as name@example.com.' })),
  name: z.string().trim().max(120, { message: 'A name has at most 120 characters.' }),
  role: roleSchema,
  // Checkboxes sharing a name give one value, several, or none.
  modules: z.preprocess(
    (value) => (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []),
    z.array(moduleSchema),
  ),
});
type InviteFormInput = z.input<typeof inviteFormSchema>;
type InviteFormOutput = z.output<typeof inviteFormSchema>;

/** Email, optional name, role and modules of a new account; checked on submit, then as typed. */
export function InviteUserForm({
  onSubmit,
  onCancel,
}: {
  onSubmit: (body: InviteUserBody) => Promise<string | null>;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useForm<InviteFormInput, unknown, InviteFormOutput>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { email: '', name: '', role: 'member', modules: [] },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, handleSubmit, setError, control, formState } = form;
  const { errors, isSubmitting } = formState;
  const isAdmin = useWatch({ control, name: 'role' }) === 'admin';

  const submit = handleSubmit(async (values) => {
    const problem = await onSubmit({
      email: values.email,
      ...(values.name ? { name: values.name } : {}),
      role: values.role,
      modules: values.role === 'admin' ? [...MODULES] : values.modules,
    });
    if (problem) setError('root', { message: problem });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <Field id={`${id}-email`} label="Email" error={errors.email?.message}>
        <input type="email" autoComplete="off" className={inputClass} {...register('email')} />
      </Field>
      <Field id={`${id}-name`} label="Name (optional)" error={errors.name?.message}>
        <input className={inputClass} autoComplete="off" {...register('name')} />
      </Field>
      <Select
        id={`${id}-role`}
        label="Role"
        options={[
          { value: 'member', label: 'member' },
          { value: 'admin', label: 'admin (every module and this screen)' },
        ]}
        {...register('role')}
      />
      <fieldset disabled={isAdmin}>
        <legend className="text-sm font-medium">Modules</legend>
        <div className="mt-1 grid grid-cols-2 gap-2">
          {MODULES.map((module) => (
            <label key={module} className="inline-flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                value={module}
                className="size-4 accent-indigo-600"
                {...register('modules')}
              />
              {module}
            </label>
          ))}
        </div>
        {isAdmin ? (
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
            Administrators have every module.
          </p>
        ) : null}
      </fieldset>
      <FormAlert>{errors.root?.message}</FormAlert>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={buttonClass.secondary} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={buttonClass.primary} disabled={isSubmitting}>
          {isSubmitting ? 'Inviting…' : 'Invite'}
        </button>
      </div>
    </form>
  );
}
