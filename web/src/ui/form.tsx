// Small form pieces: a labelled field, an error line read out by screen readers.
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
