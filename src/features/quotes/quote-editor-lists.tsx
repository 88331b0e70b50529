import { Plus, Trash2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';

import { Field } from '@/components/ui/field';
import { buttonClass, inputClass } from '@/components/ui/page';
import type { QuoteDeliverable, QuoteRisk, QuoteTracedItem } from '@/contract/quotes';

import { removeAt, replaceAt } from './quote-editor-edits';
import { newItemId } from './quote-editor-text';
import type { FieldErrors } from './use-quote-autosave';

const removeClass = `${buttonClass.ghost} shrink-0 text-rose-700 dark:text-rose-300`;

/** A titled list with an Add button under it. */
function ListFrame({
  title,
  addLabel,
  onAdd,
  children,
}: {
  title: string;
  addLabel: string;
  onAdd: () => void;
  children: ReactNode;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{title}</legend>
      <ol className="space-y-2">{children}</ol>
      <button type="button" className={`${buttonClass.ghost} text-xs`} onClick={onAdd}>
        <Plus className="size-4" aria-hidden="true" /> {addLabel}
      </button>
    </fieldset>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={removeClass} aria-label={label} onClick={onClick}>
      <Trash2 className="size-4" aria-hidden="true" />
    </button>
  );
}

/** Scope entries or assumptions: one text each; the requirements they answer are kept. */
export function TracedList({
  title,
  itemName,
  path,
  items,
  errors,
  onChange,
}: {
  title: string;
  itemName: string;
  path: string;
  items: QuoteTracedItem[];
  errors: FieldErrors;
  onChange: (items: QuoteTracedItem[]) => void;
}) {
  const id = useId();
  return (
    <ListFrame
      title={title}
      addLabel={`Add ${itemName}`}
      onAdd={() => onChange([...items, { text: '', requirementIds: [] }])}
    >
      {items.map((item, index) => (
        <li key={index} className="flex items-start gap-2">
          <Field
            id={`${id}-${index}`}
            className="grow"
            label={`${itemName} ${index + 1}`}
            labelHidden
            error={errors[`${path}.${index}.text`]}
          >
            <input
              className={inputClass}
              value={item.text}
              onChange={(e) => onChange(replaceAt(items, index, { ...item, text: e.target.value }))}
            />
          </Field>
          <RemoveButton
            label={`Remove ${itemName} ${index + 1}`}
            onClick={() => onChange(removeAt(items, index))}
          />
        </li>
      ))}
    </ListFrame>
  );
}

/** What the client receives: a title and a description each. */
export function DeliverablesList({
  items,
  errors,
  onChange,
  onRemove,
}: {
  items: QuoteDeliverable[];
  errors: FieldErrors;
  onChange: (items: QuoteDeliverable[]) => void;
  onRemove: (index: number) => void;
}) {
  const id = useId();
  return (
    <ListFrame
      title="Deliverables"
      addLabel="Add deliverable"
      onAdd={() =>
        onChange([...items, { id: newItemId('deliverable'), title: '', description: '' }])
      }
    >
      {items.map((item, index) => (
        <li key={item.id} className="flex items-start gap-2">
          <div className="grid grow gap-2 sm:grid-cols-[1fr_2fr]">
            <Field
              id={`${id}-${item.id}-title`}
              label={`Deliverable ${index + 1}`}
              labelHidden
              error={errors[`deliverables.${index}.title`]}
            >
              <input
                className={inputClass}
                placeholder="Title"
                value={item.title}
                onChange={(e) =>
                  onChange(replaceAt(items, index, { ...item, title: e.target.value }))
                }
              />
            </Field>
            <Field
              id={`${id}-${item.id}-description`}
              label={`Deliverable ${index + 1} description`}
              labelHidden
            >
              <input
                className={inputClass}
                placeholder="Description"
                value={item.description}
                onChange={(e) =>
                  onChange(replaceAt(items, index, { ...item, description: e.target.value }))
                }
              />
            </Field>
          </div>
          <RemoveButton label={`Remove deliverable ${index + 1}`} onClick={() => onRemove(index)} />
        </li>
      ))}
    </ListFrame>
  );
}

/** Risks, each with how the freelancer will handle it. */
export function RisksList({
  items,
  errors,
  onChange,
}: {
  items: QuoteRisk[];
  errors: FieldErrors;
  onChange: (items: QuoteRisk[]) => void;
}) {
  const id = useId();
  return (
    <ListFrame
      title="Risks"
      addLabel="Add risk"
      onAdd={() => onChange([...items, { risk: '', mitigation: '' }])}
    >
      {items.map((item, index) => (
        <li key={index} className="flex items-start gap-2">
          <div className="grid grow gap-2 sm:grid-cols-2">
            <Field
              id={`${id}-${index}-risk`}
              label={`Risk ${index + 1}`}
              labelHidden
              error={errors[`risks.${index}.risk`]}
            >
              <input
                className={inputClass}
                placeholder="Risk"
                value={item.risk}
                onChange={(e) =>
                  onChange(replaceAt(items, index, { ...item, risk: e.target.value }))
                }
              />
            </Field>
            <Field
              id={`${id}-${index}-mitigation`}
              label={`Risk ${index + 1} mitigation`}
              labelHidden
            >
              <input
                className={inputClass}
                placeholder="Mitigation"
                value={item.mitigation}
                onChange={(e) =>
                  onChange(replaceAt(items, index, { ...item, mitigation: e.target.value }))
                }
              />
            </Field>
          </div>
          <RemoveButton
            label={`Remove risk ${index + 1}`}
            onClick={() => onChange(removeAt(items, index))}
          />
        </li>
      ))}
    </ListFrame>
  );
}
