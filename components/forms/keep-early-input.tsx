"use client";

import { useLayoutEffect, useRef, useSyncExternalStore } from "react";

/**
 * Keeps what a person types into a form before the page has finished starting (hydration), for every
 * form, whatever holds its state.
 *
 * Why: the server HTML is interactive long before React is. On a slow phone someone can type into a
 * field for seconds, and then React and the form library take over and lose it: React resets a
 * <textarea> to its server value while hydrating, a controlled input keeps the typed text on screen while
 * its state still holds the old value (react#12955), and react-hook-form writes its defaults into any
 * field rendered without them (see lib/forms/prefill.ts).
 *
 * How: a tiny inline script, rendered inside the form, runs as soon as the browser parses it and notes
 * the last value of every field the person changes. When React has hydrated the form (a layout effect,
 * so before anything is painted and before any later keystroke can arrive), each noted value is put back
 * and the input/change event a keystroke would fire is fired, so React state and the form library hear
 * of it exactly as if it had been typed after start-up. Forms mounted later (client navigation) render
 * no script: React is already running there.
 *
 * Usage: `<KeepEarlyInput />` as the LAST child of the <form>. Last, because React runs layout effects
 * and attaches refs in document order: the replay must come after the fields' own start-up (for
 * react-hook-form, the `register` refs) or that start-up would undo it.
 */

type Noted = { value: string; caret?: [number, number] } | { checked: boolean };
type EarlyForm = HTMLFormElement & { __earlyInput?: { noted: Map<Element, Noted>; stop: () => void } };

// Plain ES5 on purpose: it runs before any bundle, as the parser reaches it.
const recorderSource = `(function (script) {
  var form = script.closest("form"), noted = new Map();
  function note(event) {
    var el = event.target;
    if (!el || el.form !== form) return;
    if (el.type === "checkbox" || el.type === "radio") return noted.set(el, { checked: el.checked });
    var caret;
    try { if (el.selectionStart !== null) caret = [el.selectionStart, el.selectionEnd]; } catch (e) {}
    noted.set(el, { value: el.value, caret: caret });
  }
  form.addEventListener("input", note, true);
  form.addEventListener("change", note, true);
  form.__earlyInput = { noted: noted, stop: function () {
    form.removeEventListener("input", note, true);
    form.removeEventListener("change", note, true);
  } };
})(document.currentScript);`;

const noSubscription = () => () => {};

export function KeepEarlyInput() {
  const script = useRef<HTMLScriptElement>(null);
  // True while rendering on the server and while hydrating that HTML; false for a form mounted later.
  const fromServer = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );

  useLayoutEffect(() => {
    const form = script.current?.closest("form") as EarlyForm | null | undefined;
    const early = form?.__earlyInput;
    if (!form || !early) return;
    early.stop();
    delete form.__earlyInput;
    for (const [el, noted] of early.noted) replay(el, noted);
  }, []);

  return fromServer ? <script ref={script} dangerouslySetInnerHTML={{ __html: recorderSource }} /> : null;
}

/** Puts a noted value back and tells React about it the way a keystroke or click would. */
function replay(el: Element, noted: Noted) {
  if (!el.isConnected) return;
  if ("checked" in noted) {
    // A click toggles the box and fires the events React and the form library listen to.
    if (el instanceof HTMLInputElement && el.checked !== noted.checked) el.click();
    return;
  }
  if (!(
    el instanceof HTMLInputElement ||
    el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement
  ))
    return;
  // React only reports a change when the value differs from the one it last saw; it sees assignments to
  // `el.value`, not ones made through the prototype's setter. So: show it a different value, then set
  // the real one behind its back, then fire the event.
  el.value = noted.value === "" ? " " : "";
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), "value")?.set?.call(el, noted.value);
  el.dispatchEvent(new Event("input", { bubbles: true }));
  el.dispatchEvent(new Event("change", { bubbles: true }));
  // Setting a value moves the caret to the end; put it back where the person left it.
  if (noted.caret && el === document.activeElement && !(el instanceof HTMLSelectElement)) {
    try {
      el.setSelectionRange(...noted.caret);
    } catch {
      // an input type without a caret
    }
  }
}
