import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { STEP_PLACE_NAMES, STEP_PLACES } from '@portal/contracts/onboarding';

/** The select of the places a setup step can link to; "Nowhere" is sent as null. */
export function StepPlaceField<T extends FieldValues & { place?: string | null }>({ id, register, className = '' }: { id: string; register: UseFormRegister<T>; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        Links to
      </label>
      <select
        id={id}
        {...register('place' as Path<T>, { setValueAs: (value: string | null) => (value ? value : null) })}
        className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base"
      >
        <option value="">Nowhere</option>
        {STEP_PLACES.map((place) => (
          <option key={place} value={place}>
            {STEP_PLACE_NAMES[place]}
          </option>
        ))}
      </select>
    </div>
  );
}
