import { input } from "./styles";

interface FieldProps extends React.ComponentProps<"input"> {
  name: string;
  label: string;
  hint?: React.ReactNode;
  /** Messages from the server for this field, e.g. ["must be at least 8 characters"]. */
  errors?: string[];
  multiline?: boolean;
  /** Says "(optional)" after the label. */
  optional?: boolean;
}

/** A labelled input with its hint and its validation messages ("<Label> <message>"). */
export function Field({ name, label, hint, errors, multiline, optional, id, className, ...rest }: FieldProps) {
  const fieldId = id ?? `field-${name}`;
  const describedBy =
    [hint && !errors?.length ? `${fieldId}-hint` : "", errors?.length ? `${fieldId}-error` : ""].filter(Boolean).join(" ") || undefined;
  const common = {
    id: fieldId,
    name,
    "aria-invalid": errors?.length ? true : undefined,
    "aria-describedby": describedBy,
  };
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
        {label}
        {optional && <span className="ml-1.5 font-normal text-slate-500">(optional)</span>}
      </label>
      <div className="mt-1.5">
        {multiline ? (
          <textarea
            {...common}
            rows={3}
            defaultValue={rest.defaultValue as string | undefined}
            placeholder={rest.placeholder}
            maxLength={rest.maxLength}
            className={input}
          />
        ) : (
          <input {...rest} {...common} className={input} />
        )}
      </div>
      {hint && !errors?.length && (
        <p id={`${fieldId}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {errors?.length ? (
        <p id={`${fieldId}-error`} className="mt-1.5 text-sm text-red-700">
          {errors.map((e) => `${label} ${e}`).join(". ")}
        </p>
      ) : null}
    </div>
  );
}
