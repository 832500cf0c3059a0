/** The look of Block's small buttons (./block-button.tsx, ./block-panel.tsx), in a module of its own so the
 * button needs none of the panel's code. */
export const small = "rounded-lg px-3 py-1.5 text-sm font-semibold min-h-9";
