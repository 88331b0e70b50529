import { useId, useState, type KeyboardEvent } from 'react';

import { inputClass } from '@/components/ui/page';

import { MAX_SKILL_LENGTH, MAX_SKILLS } from './profile-form-values';
import { SkillTags } from './skill-tags';

const SHOWN_SUGGESTIONS = 8;

/** Suggestions not chosen yet that contain what is typed (all of them while nothing is). */
export function matchingSuggestions(
  suggestions: readonly string[],
  chosen: readonly string[],
  typed: string,
): string[] {
  const taken = new Set(chosen.map((skill) => skill.toLowerCase()));
  const needle = typed.trim().toLowerCase();
  return suggestions
    .filter((skill) => !taken.has(skill.toLowerCase()) && skill.toLowerCase().includes(needle))
    .slice(0, SHOWN_SUGGESTIONS);
}

/** The suggestions listbox; an option is chosen on mouse down, before the input's blur closes it. */
function SuggestionList({
  id,
  options,
  active,
  onChoose,
}: {
  id: string;
  options: readonly string[];
  active: number;
  onChoose: (skill: string) => void;
}) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label="Skills from your jobs"
      hidden={options.length === 0}
      className="absolute z-10 mt-1 max-h-60 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-800"
    >
      {options.map((skill, index) => (
        <li
          key={skill}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          className={`cursor-pointer px-3 py-1.5 text-sm text-slate-900 dark:text-slate-100 ${
            index === active ? 'bg-indigo-100 dark:bg-indigo-900' : ''
          }`}
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(skill);
          }}
        >
          {skill}
        </li>
      ))}
    </ul>
  );
}

/**
 * Skills as tags. Enter or a comma adds what is typed (or the highlighted suggestion), Backspace
 * in an empty box removes the last tag, the arrow keys move through suggestions from the user's
 * own jobs, Escape closes them.
 */
export function SkillsInput({
  id,
  value,
  onChange,
  suggestions,
  describedBy,
  invalid,
}: {
  id: string;
  value: string[];
  onChange: (skills: string[]) => void;
  suggestions: readonly string[];
  describedBy?: string | undefined;
  invalid?: boolean;
}) {
  const listId = useId();
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = open ? matchingSuggestions(suggestions, value, typed) : [];
  const full = value.length >= MAX_SKILLS;

  const add = (raw: string) => {
    const skill = raw.trim().replace(/\s+/g, ' ').slice(0, MAX_SKILL_LENGTH);
    setTyped('');
    setActive(-1);
    if (!skill || full) return;
    if (value.some((existing) => existing.toLowerCase() === skill.toLowerCase())) return;
    onChange([...value, skill]);
  };
  const remove = (skill: string) => onChange(value.filter((existing) => existing !== skill));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      const chosen = active >= 0 ? options[active] : undefined;
      if (chosen || typed.trim()) {
        event.preventDefault();
        add(chosen ?? typed);
      } else if (event.key === ',') event.preventDefault();
    } else if (event.key === 'Backspace' && typed === '' && value.length > 0) {
      event.preventDefault();
      onChange(value.slice(0, -1));
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const count = matchingSuggestions(suggestions, value, typed).length;
      if (count === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + count) % count);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div>
      <SkillTags skills={value} onRemove={remove} />
      <div className="relative">
        <input
          id={id}
          role="combobox"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 && options[active] ? `${listId}-${active}` : undefined}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={inputClass}
          value={typed}
          disabled={full}
          placeholder={
            full ? `${MAX_SKILLS} skills: remove one to add another` : 'Type a skill, then Enter'
          }
          maxLength={MAX_SKILL_LENGTH}
          autoComplete="off"
          onChange={(event) => {
            setTyped(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
        />
        <SuggestionList id={listId} options={options} active={active} onChoose={add} />
      </div>
    </div>
  );
}
