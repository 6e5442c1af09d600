import { defineConfig } from "vite";
import preact from "@preact/preset-vite";

// The build goes into dist/, which the Go package rout/web embeds. `npm run dev` proxies the API to a
// `rout serve` on 127.0.0.1:8080.
export default defineConfig({
  plugins: [preact()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
    // No module preload polyfill: it would need an inline script, which the Content-Security-Policy forbids.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      "/graphql": { target: "http://127.0.0.1:8080", ws: true },
      "/maps": "http://127.0.0.1:8080",
    },
  },
});
