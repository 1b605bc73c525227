import { useId } from "react";

/**
 * An on/off setting submitted with its form as a checkbox ("on" when on), with the sentence
 * that says what it does. Shown as a switch. Uncontrolled: React resets a form after its action,
 * which puts a controlled checkbox's box out of step with its state.
 */
export function SwitchField({
  name,
  label,
  description,
  defaultChecked,
}: {
  name: string;
  label: string;
  description: string;
  defaultChecked: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <p id={`${id}-description`} className="mt-0.5 text-xs text-slate-500">
          {description}
        </p>
      </div>
      <span className="relative mt-0.5 inline-flex shrink-0">
        <input
          id={id}
          name={name}
          type="checkbox"
          role="switch"
          defaultChecked={defaultChecked}
          aria-describedby={`${id}-description`}
          className={
            "peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors " +
            "checked:bg-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 " +
            "focus-visible:outline-brand-500"
          }
        />
        <span
          aria-hidden
          className="pointer-events-none absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-surface shadow transition-transform peer-checked:translate-x-5"
        />
      </span>
    </div>
  );
}
