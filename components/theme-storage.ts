// Where the theme switch remembers the choice (this browser only): "light", "dark", or absent for "system".
export const THEME_STORAGE_KEY = "switchboard-theme";
export type ThemeChoice = "light" | "dark" | "system";
