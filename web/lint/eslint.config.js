// ESLint for the web client: the recommended JavaScript and typescript-eslint rules (with type
// information), the rules of hooks, and nothing that Prettier decides. Run from web/ by `npm run lint`.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import prettier from "eslint-config-prettier";
import globals from "globals";

export default tseslint.config(
  { ignores: ["dist/**", "bench/dist/**", "bench/fixtures/**", "src/gql/**", "lint/**", "node_modules/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
    },
  },
  {
    files: ["e2e/**/*.mjs", "bench/**/*.{ts,mjs}", "*.ts"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  prettier,
);
