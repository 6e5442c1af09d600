import { defineConfig } from "vite";
import preact from "@preact/preset-vite";

// The build goes into dist/, which the Go package rout/web embeds: the page (index.html, its scripts and
// styles hashed under assets/) and the service worker of web push, src/sw/sw.ts, as /sw.js at the root
// (a worker's scope is at most its own folder, and the page registers it with scope /; not hashed, as its
// URL must not change). `npm run dev` proxies the API to a `rout serve` on 127.0.0.1:8080.
export default defineConfig({
  plugins: [preact()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
    // No module preload polyfill: it would need an inline script, which the Content-Security-Policy forbids.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { index: "index.html", sw: "src/sw/sw.ts" },
      output: {
        entryFileNames: (chunk) => (chunk.name === "sw" ? "sw.js" : "assets/[name]-[hash].js"),
      },
    },
  },
  server: {
    proxy: {
      "/graphql": { target: "http://127.0.0.1:8080", ws: true },
      "/maps": "http://127.0.0.1:8080",
    },
  },
});
