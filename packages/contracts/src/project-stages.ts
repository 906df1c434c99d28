import { z } from 'zod';
import { projectParamsSchema } from './projects.ts';

/**
 * A project's build stages (issue 27, decision 0075): the templates every new project starts with, as staff edit them
 * (/staff/stage-templates), and each project's own copy, shown to its owner as a progress line. Times are epoch
 * milliseconds or null.
 */
export const STAGE_NAME_MAX = 80;
export const EXPECTED_DAYS_MAX = 365;
/** More stages than this would not fit a progress line; the reorder list is capped by it too. */
export const STAGES_MAX = 30;

const stageName = z.string().trim().min(1, 'Enter a stage name.').max(STAGE_NAME_MAX, `Keep the name to ${STAGE_NAME_MAX} characters.`);
const daysMessage = `Enter a number of days from 0 to ${EXPECTED_DAYS_MAX}, or leave it empty.`;
const time = z.number().int().min(0).max(8_640_000_000_000_000);

/** A stage as the customer and staff see it. */
export const projectStageSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  name: z.string(),
  /** Reaching it publishes the project (unless it already is). */
  launches: z.boolean(),
  expectedAt: z.number().int().nullable(),
  reachedAt: z.number().int().nullable(),
  approvedAt: z.number().int().nullable(),
});
export type ProjectStage = z.infer<typeof projectStageSchema>;

/** A project's stages in order, and the one being worked on (the first not reached; null once all are). */
export const projectStageListSchema = z.object({ stages: z.array(projectStageSchema), currentStageId: z.string().nullable() });
export type ProjectStageList = z.infer<typeof projectStageListSchema>;

export const stageTemplateInputSchema = z.object({
  name: stageName,
  /** Days after the previous stage is reached that this one is expected (the first: after the project is created). */
  expectedDays: z.number({ error: daysMessage }).int(daysMessage).min(0, daysMessage).max(EXPECTED_DAYS_MAX, daysMessage).nullable(),
  launches: z.boolean(),
});
export type StageTemplateInput = z.infer<typeof stageTemplateInputSchema>;
export const stageTemplateSchema = z.object({ id: z.string(), position: z.number().int(), name: z.string(), expectedDays: z.number().int().nullable(), launches: z.boolean() });
export type StageTemplate = z.infer<typeof stageTemplateSchema>;
export const stageTemplateListSchema = z.object({ templates: z.array(stageTemplateSchema) });
export type StageTemplateList = z.infer<typeof stageTemplateListSchema>;
export const stageTemplateParamsSchema = z.object({ stageTemplateId: z.string().min(1).max(200) });
/** Every template's id, in the new order (400 STAGE_ORDER_MISMATCH unless it names each template once). */
export const stageTemplateOrderSchema = z.object({ ids: z.array(z.string().min(1).max(200)).min(1).max(STAGES_MAX) });

export const projectStageParamsSchema = projectParamsSchema.extend({ stageId: z.string().min(1).max(100) });

/** Staff add a stage to one project; without a position it goes last. */
export const newProjectStageSchema = z.object({
  name: stageName,
  expectedAt: time.nullable().optional(),
  position: z.number().int().min(0).max(STAGES_MAX).optional(),
  launches: z.boolean().optional(),
});
export type NewProjectStage = z.infer<typeof newProjectStageSchema>;

/**
 * Staff change one project's stage; a field left out stays as it is. `reachedAt` null un-reaches the stage; a time
 * reaches it as "Mark reached" does (the next stage's expected date, the e-mail, a launch) if it was not reached.
 */
export const projectStageChangesSchema = z.object({
  name: stageName.optional(),
  expectedAt: time.nullable().optional(),
  reachedAt: time.nullable().optional(),
  position: z.number().int().min(0).max(STAGES_MAX).optional(),
  launches: z.boolean().optional(),
});
export type ProjectStageChanges = z.infer<typeof projectStageChangesSchema>;

/** The stage that is being worked on: the first not reached. */
export const currentStageOf = (stages: readonly Pick<ProjectStage, 'id' | 'reachedAt'>[]): string | null =>
  stages.find((stage) => stage.reachedAt === null)?.id ?? null;
