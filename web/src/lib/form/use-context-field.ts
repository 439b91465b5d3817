// Binds a control that is not a plain input (a picker, chips, a list of
// places or pictures) to the react-hook-form form around it (FormProvider):
// its value and change handler, and its error already in the user's language.
import { type FieldValues, useController, useFormContext } from 'react-hook-form';
import { useRuleMessage } from './use-rule-message';

/**
 * `name` is the form's field; `ruleField` names the field whose rule messages
 * apply when the two differ (e.g. a hobby's optional soft skills keep the
 * wording of `softskills`).
 */
export function useContextField(name: string, ruleField: string = name) {
  const ruleMessage = useRuleMessage();
  const { control } = useFormContext<FieldValues>();
  const { field, fieldState } = useController({ control, name });
  return { field, error: ruleMessage(fieldState.error, ruleField) };
}
