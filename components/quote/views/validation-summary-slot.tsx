'use client';

import dynamic from 'next/dynamic';
import { memo } from 'react';
import { useFormState } from 'react-hook-form';
import { useQuoteForm } from '../effects/quote-form-context';
import type { FieldPath } from '../trip/trip-readiness';

/** The list of problems is fetched the first time a "Cotizar" is refused, not with the screen. */
const ProblemList = dynamic(
  () => import('./validation-summary').then((module) => module.ValidationSummary),
  { ssr: false },
);

/** Under "Cotizar": nothing until the form has errors, then the summary of links to them. */
export const ValidationSummary = memo(function ValidationSummary({
  onGoTo,
}: {
  onGoTo: (path: FieldPath) => void;
}) {
  const { errors } = useFormState({ control: useQuoteForm().control });
  return Object.keys(errors).length > 0 ? <ProblemList onGoTo={onGoTo} /> : null;
});
