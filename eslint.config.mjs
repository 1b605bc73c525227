import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  // Tests read arbitrary JSON response bodies; typing each one would add noise, not safety.
  { files: ["e2e/**/*.ts", "lib/**/*.api.test.ts"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  { ignores: [".next/**", ".build/**", ".next-*/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
];

export default config;
