// Shared class names so every page has the same buttons, inputs and cards.

const button =
  "inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium " +
  "transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 " +
  "disabled:cursor-not-allowed disabled:opacity-60";

export const buttonPrimary =
  `${button} bg-brand-500 text-white hover:bg-brand-600 focus-visible:outline-brand-500 ` + `dark:hover:bg-brand-500 dark:hover:brightness-110`;
export const buttonSecondary = `${button} border border-slate-300 bg-surface text-slate-800 hover:bg-slate-100 focus-visible:outline-slate-400`;
export const buttonDanger = `${button} bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600 dark:hover:bg-red-600 dark:hover:brightness-110`;
export const buttonDangerOutline = `${button} border border-red-300 bg-surface text-red-700 hover:bg-red-50 focus-visible:outline-red-600`;
export const buttonSmall = "px-3 py-1.5";

export const input =
  "block w-full rounded-md border border-slate-300 bg-surface px-3 py-2 text-sm " +
  "text-slate-900 shadow-xs placeholder:text-slate-400 focus:border-brand-500 " +
  "focus:outline-none focus:ring-2 focus:ring-brand-100 aria-invalid:border-red-400 " +
  "aria-invalid:focus:ring-red-100";

export const fileInput =
  "block w-full text-sm font-normal text-slate-700 file:mr-3 file:rounded-md file:border " +
  "file:border-slate-300 file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-medium " +
  "file:text-slate-800 hover:file:bg-slate-100";

export const select = `${input} h-9.5`;

export const card = "rounded-lg border border-slate-200 bg-surface";
export const link = "font-medium text-brand-600 hover:text-brand-700 hover:underline";
