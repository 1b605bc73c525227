import { THEME_STORAGE_KEY } from "./theme-storage";

// Runs in <head> before the page paints, so a dark page never flashes light: the choice saved by the
// switch (localStorage), else the system's setting, which it keeps following while the choice is "system".
const script = [
  `(function(){try{var k=${JSON.stringify(THEME_STORAGE_KEY)},m=matchMedia("(prefers-color-scheme: dark)"),e=document.documentElement;`,
  `function a(){var t=localStorage.getItem(k);if(t!=="light"&&t!=="dark")t="system";`,
  `e.dataset.theme=t;e.classList.toggle("dark",t==="dark"||(t==="system"&&m.matches))}`,
  `a();m.addEventListener("change",a);addEventListener("storage",function(v){if(v.key===k)a()})}catch(x){}})()`,
].join("");

export function ThemeScript() {
  return <script dangerouslySetInnerHTML={{ __html: script }} />;
}
