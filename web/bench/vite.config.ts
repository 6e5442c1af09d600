import { defineConfig } from "vite";

// Builds the board benchmark's page (board.html) into bench/dist; board.bench.mjs serves and drives it.
export default defineConfig({
  root: import.meta.dirname,
  base: "./",
  logLevel: "warn",
  build: { outDir: "dist", emptyOutDir: true, rollupOptions: { input: "board.html" } },
});
