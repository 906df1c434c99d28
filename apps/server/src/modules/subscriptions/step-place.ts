import { STEP_PLACE_NAMES, stepPlaceSchema, type StepPlace } from '@portal/contracts/onboarding';
import { badRequest } from '../../platform/http/errors.ts';

const choices = Object.values(STEP_PLACE_NAMES).join(', ');

/**
 * The place staff gave a step or template, checked against the places the portal has (null: none). Its own code, so
 * a caller can tell a place it got wrong from any other invalid field.
 */
export function knownPlace(place: string | null): StepPlace | null {
  if (place === null) return null;
  const known = stepPlaceSchema.safeParse(place);
  if (!known.success) throw badRequest('UNKNOWN_STEP_PLACE', `A step can link to one of: ${choices}; or to none.`);
  return known.data;
}
