import { z } from 'zod';
import { stepPlaceInputSchema, stepPlaceSchema, newStepSchema } from './onboarding.ts';

/**
 * The setup steps every new subscription starts with (spec §3 CompletionSteps), as staff edit them
 * (/staff/step-templates). A subscription copies them when it is created; changing a template later leaves the
 * steps of existing subscriptions as they are (staff change those on the customer's page).
 */
export const STEP_INDEX_MAX = 9999;
const stepIndexMessage = `Enter a step number from 0 to ${STEP_INDEX_MAX}.`;
export const stepTemplateInputSchema = z.object({
  /** The order the steps are shown in (spec: completion steps by StepIndex); one template a number. */
  stepIndex: z.number({ error: stepIndexMessage }).int(stepIndexMessage).min(0, stepIndexMessage).max(STEP_INDEX_MAX, stepIndexMessage),
  stepDetails: newStepSchema.shape.stepDetails,
  /** Where in the portal the step links to, copied to each new subscription's step with the rest (null: nowhere). */
  place: stepPlaceInputSchema,
});
export type StepTemplateInput = z.infer<typeof stepTemplateInputSchema>;
export const stepTemplateSchema = z.object({ id: z.string(), stepIndex: z.number().int(), stepDetails: z.string(), place: stepPlaceSchema.nullable() });
export type StepTemplate = z.infer<typeof stepTemplateSchema>;
export const stepTemplateListSchema = z.object({ templates: z.array(stepTemplateSchema) });
export const stepTemplateParamsSchema = z.object({ templateId: z.string().min(1).max(200) });
