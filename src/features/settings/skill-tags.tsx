import { X } from 'lucide-react';

/** The chosen skills as tags, each with its own remove button. */
export function SkillTags({
  skills,
  onRemove,
}: {
  skills: readonly string[];
  onRemove: (skill: string) => void;
}) {
  if (skills.length === 0) return null;
  return (
    <ul aria-label="Your skills" className="mb-2 flex flex-wrap gap-1.5">
      {skills.map((skill) => (
        <li
          key={skill}
          className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2.5 text-sm text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200"
        >
          {skill}
          <button
            type="button"
            aria-label={`Remove ${skill}`}
            onClick={() => onRemove(skill)}
            className="rounded-full p-0.5 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:bg-indigo-900"
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
