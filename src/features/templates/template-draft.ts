/** The template open in the editor; `id` is null for one not saved yet. */
export type TemplateDraft = { id: string | null; name: string; body: string; isDefault: boolean };

/** The text a new response template starts with. */
export const STARTER_BODY = `Hi {{client_name}},

{{client_need}} I work with {{skills}} every day.

Relevant work:
{{portfolio}}

{{answers}}

{{question}}

{{signature}}`;
