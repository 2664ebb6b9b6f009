'use client';

import { requiredContext } from '@/components/ui/required-context';
import type { QuoteForm } from './use-trip-form';

/**
 * The quote form (useTripForm's react-hook-form), for the fields below QuoteWorkspace. Not
 * react-hook-form's FormProvider: its value is a new object whenever the screen draws again (its
 * formState is), so every field drew again with it — at a tap on the map, at an answer — even
 * when nothing of theirs had changed. This value is the form itself, the same object for the
 * screen's life; a field reads its own error through `useFieldError` (views/field-notes.tsx),
 * which draws it again only when that error changes.
 */
export const [QuoteFormContext, useQuoteForm] = requiredContext<QuoteForm>(
  'useQuoteForm outside the quote panel',
);
