# The web client (issue 17, docs/web.md): web/ is built with Vite into web/dist, which the server
# crate embeds (crates/server/build.rs), so `build` (and with it `make run`) builds it first.
# Tests: tsc, Vitest units, then the browser tests (Playwright's playwright-core driving
# Debian's chromium) against a fresh `shinpan serve`; screenshots land in web/test-results/.
.PHONY: web deps-web deps-web-node test-web

WEB_SOURCES := $(shell find web/src web/index.html web/vite.config.ts web/tsconfig.json web/package.json web/package-lock.json -type f 2>/dev/null)

build: web
web: web/dist/index.html

# Node.js 20.19 or newer with npm (Vite 8); Debian's own package where none is installed.
deps-web-node:
	@command -v npm >/dev/null || { apt-get update -qq && apt-get install -y -qq nodejs npm; } || { sudo apt-get update -qq && sudo apt-get install -y -qq nodejs npm; }
	@node -e 'const [a,b]=process.versions.node.split(".").map(Number); if (a<20||(a===20&&b<19)) { console.error("web/: Node.js >= 20.19 is needed, found "+process.version); process.exit(1) }'

web/node_modules/.package-lock.json: web/package-lock.json | deps-web-node
	cd web && npm ci --no-audit --no-fund

web/dist/index.html: $(WEB_SOURCES) web/node_modules/.package-lock.json
	cd web && npm run build

deps: deps-web
# Debian's chromium for the browser tests, and CJK fonts so that the screenshots show the kanji.
deps-web: deps-web-node
	@{ command -v chromium >/dev/null && test -d /usr/share/fonts/opentype/noto; } || { apt-get update -qq && apt-get install -y -qq chromium fonts-noto-cjk; } || { sudo apt-get update -qq && sudo apt-get install -y -qq chromium fonts-noto-cjk; }
	@chromium --version 2>/dev/null | head -1

test: test-web
test-web: build deps-web web/node_modules/.package-lock.json
	cd web && npm run typecheck && npm test && SHINPAN_BIN=$(CURDIR)/$(BIN) npm run e2e
