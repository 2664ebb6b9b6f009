/**
 * Text typed into the panel's fields before the screen's code has run. The server's HTML shows the
 * fields a second or two before a slow tablet has hydrated them, and a dispatcher may start typing
 * there. Hydration then loses it: react-hook-form writes its own value (empty) into each field it
 * registers, and a controlled field (the coordinates) keeps no state of what the browser holds.
 *
 * So the screen's first chunk, as it runs, notes what the fields already hold and listens for what
 * is typed until they have hydrated; then the text is typed again, through the fields' own
 * handlers (an `input` event on each, as the keyboard sends: the form, the store, "typed by the
 * dispatcher"); coordinates place their pin.
 */

const FIELDS = '#quote-panel input[name], #quote-panel textarea[name]';

type TextControl = HTMLInputElement | HTMLTextAreaElement;

/** By field name, what was typed before hydration; null once typed again (or never listened). */
let typed: Map<string, string> | null = null;

function note(control: TextControl) {
  if (control.name && control.value !== control.defaultValue)
    typed?.set(control.name, control.value);
}

function onInput(event: Event) {
  const control = event.target;
  if (
    (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) &&
    control.matches(FIELDS)
  ) {
    typed?.set(control.name, control.value);
  }
}

/** Called as the screen's code first runs in the browser (before React hydrates the panel). */
export function listenForEarlyTyping() {
  if (typed) return;
  typed = new Map();
  for (const control of document.querySelectorAll<TextControl>(FIELDS)) note(control);
  document.addEventListener('input', onInput, true);
}

/**
 * `value` typed into `control` as the keyboard would: React hears it as a change. React hears an
 * input event only when the field's text differs from the last it knew of, and a field hydrated
 * with text in it already counts that text as known: so the field is first emptied through its own
 * setter (which tells React), then given the text through the browser's (which does not).
 */
function setAsTyped(control: TextControl, value: string) {
  const prototype =
    control instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype;
  control.value = '';
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, value);
  control.dispatchEvent(new Event('input', { bubbles: true }));
}

/** `pickup.coordinates` → `pickup`: the stop whose coordinates a field holds, or null. */
const coordinatesOf = (name: string) =>
  name.endsWith('.coordinates') ? name.slice(0, -'.coordinates'.length) : null;

/**
 * Once the fields have hydrated (and the device's draft is back): each field typed in before is
 * typed again. Coordinates already left are handed to `placeAt` (their stop's path and the text),
 * which places the pin there as the field itself does when it is left; it answers false for text
 * that is not coordinates, which is then typed again too, for the field to say what is wrong with
 * it. Coordinates still being typed (the field has the focus) are typed again as text: the pin
 * goes down when the dispatcher leaves the field or presses Enter, as it does once hydrated, not
 * at the half-typed point the hydration happened to catch.
 */
export function retypeEarlyTyping(
  form: HTMLFormElement | null,
  placeAt: (path: string, text: string) => boolean,
) {
  const early = typed;
  typed = null;
  document.removeEventListener('input', onInput, true);
  if (!early || !form) return;
  for (const [name, value] of early) {
    const control = form.elements.namedItem(name);
    if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)) continue;
    const stop = coordinatesOf(name);
    const beingTyped = control === document.activeElement;
    if (stop !== null && !beingTyped && placeAt(stop, value)) continue;
    if (control.value !== value || beingTyped) setAsTyped(control, value);
  }
}
