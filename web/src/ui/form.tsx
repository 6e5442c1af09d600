// Small form pieces: a labelled field, a radio button or checkbox that says what it does, a select of
// explained choices, an error line read out by screen readers.
import type { ComponentChildren } from "preact";

export function Field(props: {
  label: string;
  id: string;
  hint?: string;
  error?: string | null;
  children: ComponentChildren;
}) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      {props.children}
      {props.hint && (
        <small id={`${props.id}-hint`} class="hint">
          {props.hint}
        </small>
      )}
      {props.error && (
        <small id={`${props.id}-error`} class="error">
          {props.error}
        </small>
      )}
    </div>
  );
}

/** A radio button or a checkbox with its label: a name in bold, then what choosing it does. */
export function Check(props: {
  id: string;
  type: "radio" | "checkbox";
  /** The radio group's name. */
  name?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  help: ComponentChildren;
}) {
  return (
    <div class="field check">
      <input
        id={props.id}
        type={props.type}
        name={props.name}
        checked={props.checked}
        onChange={(e) => props.onChange((e.currentTarget as HTMLInputElement).checked)}
      />
      <label for={props.id}>
        <strong>{props.label}</strong>: <span class="hint">{props.help}</span>
      </label>
    </div>
  );
}

/** A labelled select of choices whose hint says what the chosen one does. */
export function ChoiceSelect(props: {
  label: string;
  id: string;
  choices: ReadonlyArray<{ value: string; label: string; help: string }>;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={props.label} id={props.id} hint={props.choices.find((c) => c.value === props.value)?.help}>
      <select
        id={props.id}
        value={props.value}
        onChange={(e) => props.onChange((e.currentTarget as HTMLSelectElement).value)}
      >
        {props.choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function ErrorLine(props: { text: string | null }) {
  return (
    <p class="error" role="alert" hidden={!props.text}>
      {props.text}
    </p>
  );
}

/** The user error of a field, by its input path (["input", "email"]). */
export function fieldError(
  errs: ReadonlyArray<{ field?: readonly string[] | null; message: string }>,
  name: string,
): string | null {
  return errs.find((e) => e.field && e.field[e.field.length - 1] === name)?.message ?? null;
}
