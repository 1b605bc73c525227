"use client";

import { useSyncExternalStore } from "react";
import { THEME_STORAGE_KEY, type ThemeChoice } from "./theme-storage";

// The choice lives on <html data-theme> (set by the head script, components/theme-script.tsx) and in
// localStorage; the page renders "system" on the server and the real choice once in the browser.

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  return () => observer.disconnect();
}
const current = (): ThemeChoice => (document.documentElement.dataset.theme as ThemeChoice | undefined) ?? "system";

function choose(choice: ThemeChoice) {
  try {
    if (choice === "system") localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // storage refused (private mode): the choice lasts for this page only
  }
  const root = document.documentElement;
  root.classList.toggle("dark", choice === "dark" || (choice === "system" && matchMedia("(prefers-color-scheme: dark)").matches));
  root.dataset.theme = choice;
}

/** Light, dark, or the system's setting. */
export function ThemeSwitch() {
  const theme = useSyncExternalStore(subscribe, current, () => "system" as ThemeChoice);
  return (
    <label className="flex shrink-0 items-center gap-1 text-sm text-slate-500">
      <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4 fill-current">
        <path d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm0 1.5v11a5.5 5.5 0 0 1 0-11Z" />
      </svg>
      <span className="sr-only">Theme</span>
      <select
        value={theme}
        onChange={(e) => choose(e.target.value as ThemeChoice)}
        data-testid="theme-switch"
        title="Theme: light, dark, or as your system is set"
        className={
          "h-8 cursor-pointer rounded-md border border-transparent bg-transparent py-0 pr-1 pl-1 " +
          "text-sm text-slate-600 hover:border-slate-300 hover:text-slate-900 focus:border-brand-500 " +
          "focus:ring-2 focus:ring-brand-100 focus:outline-none"
        }
      >
        <option value="system">System</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </label>
  );
}
