// An API refusal on a form: its message beside the control of the field it names, or above the form
// when it names none the form has.
export interface Refusal {
  message: string;
  field?: string;
}

/** The refusal's message when it names `key` or a part of it (`botoes.1` is a part of `botoes`). */
export const errorAt = (refusal: Refusal | undefined, key: string): string | undefined =>
  refusal?.field !== undefined && (refusal.field === key || refusal.field.startsWith(`${key}.`)) ? refusal.message : undefined;

/** The refusal's message when none of the form's controls (`keys`) shows it. */
export const formError = (refusal: Refusal | undefined, keys: readonly string[]): string | undefined =>
  refusal && !keys.some((key) => errorAt(refusal, key)) ? refusal.message : undefined;
