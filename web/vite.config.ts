/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import preact from "@preact/preset-vite";

// `npm run dev` proxies the API to a `shinpan serve` on :8080; `npm run build` writes dist/,
// which the server crate embeds (crates/server/build.rs, src/web.rs).
export default defineConfig({
  plugins: [preact()],
  server: {
    proxy: {
      "/api": { target: "http://127.0.0.1:8080", ws: true },
      "/health": "http://127.0.0.1:8080",
    },
  },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false },
  test: { include: ["src/**/*.test.ts"], environment: "node" },
});
