/** The HTML id of a form's control for a wire name, so labels, errors and the error summary agree. */
export function fieldId(formId: string, name: string): string {
  return `${formId}-${name.replace(/\W+/g, '-')}`;
}
