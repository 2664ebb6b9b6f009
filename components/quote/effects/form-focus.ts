/**
 * Moves the focus to a field of the quote form by its name ("pickup.street"), with its label in
 * view: the field's box is centred in the scrolling panel first, so the label above the input is
 * never left under the map or the header, then the input takes the focus without scrolling again.
 */
export function focusFormField(form: HTMLFormElement | null, name: string): boolean {
  const input = form?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
  if (!input) return false;
  (input.closest('.field') ?? input).scrollIntoView({ block: 'center', inline: 'nearest' });
  input.focus({ preventScroll: true });
  return true;
}

/** Whether the dispatcher is typing somewhere: the screen must not take the focus from them. */
export function isTyping(): boolean {
  const active = document.activeElement;
  return (
    active instanceof HTMLTextAreaElement ||
    active instanceof HTMLSelectElement ||
    (active instanceof HTMLInputElement && !['radio', 'checkbox', 'button'].includes(active.type))
  );
}
