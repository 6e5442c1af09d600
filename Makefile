# Rout's tasks. `make` or `make help` lists them.
.DEFAULT_GOAL := help
SHELL := /bin/bash
GO ?= go
PKGS := ./...
# Folders holding generated code; check-generate fails when regenerating them changes anything.
GENERATED := ent graph
BENCHTIME ?= 1s
# golangci-lint at the version tools/go.mod pins, in a module of its own so that its dependencies stay out
# of rout's go.mod.
GOLANGCI_LINT := $(GO) tool -modfile=tools/go.mod golangci-lint

.PHONY: help
help: ## list the tasks
	@awk 'BEGIN {FS = ":.*## "} /^[a-z-]+:.*## / {printf "  make %-10s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

.PHONY: build
build: ## build the rout binary into bin/
	$(GO) build -o bin/rout ./cmd/rout

.PHONY: run
run: build ## build and run rout serve (with no DATABASE_URL it starts an embedded PostgreSQL in ./data)
	./bin/rout serve

.PHONY: generate
generate: ## regenerate generated code
	$(GO) generate $(PKGS)

.PHONY: migration
migration: ## write the next migration from the Ent schema (NAME=what_it_does; needs local PostgreSQL)
	@if [ -z "$(NAME)" ]; then echo "usage: make migration NAME=what_it_does"; exit 1; fi
	$(GO) run ./internal/migrate/cmd/diff $(NAME)

.PHONY: check-generate
check-generate: generate ## fail when generated code differs from what is committed
	@if [ -n "$(GENERATED)" ] && [ -n "$$(git status --porcelain -- $(GENERATED))" ]; then \
		git status --short -- $(GENERATED); echo "generated code is out of date: run make generate and commit"; exit 1; fi

.PHONY: lint
lint: ## gofmt check, go vet and golangci-lint (.golangci.yml; the version is pinned in tools/go.mod)
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)
	$(GOLANGCI_LINT) run $(PKGS)

.PHONY: web
web: ## lint and rebuild the web client into web/dist (needs Node.js and npm; commit the result)
	cd web && npm ci --no-audit --no-fund && npm ci --no-audit --no-fund --prefix lint && npm run build

.PHONY: geo
geo: ## write real outlines into the built-in map files from public-domain geography (needs Node.js and npm; commit the result)
	cd maps/geo && npm ci --no-audit --no-fund && node generate.mjs

# NPM_OK is empty when there is no npm: check-web then skips, except in CI.
NPM_OK := $(shell command -v npm 2>/dev/null)

.PHONY: check-web
check-web: ## rebuild the web client, fail when web/dist or its generated types differ from what is committed, run its unit tests
	@if [ -z "$(NPM_OK)" ] && [ -z "$$CI" ]; then echo "check-web: no npm on this machine; skipping the web client's checks"; exit 0; fi; \
	set -e; $(MAKE) --no-print-directory web; \
	if [ -n "$$(git status --porcelain -- web/dist web/src/gql)" ]; then \
		git status --short -- web/dist web/src/gql; echo "web/dist or web/src/gql is out of date: run make web and commit"; exit 1; fi; \
	cd web && npm test

.PHONY: test
test: check-generate lint check-web ## what CI runs: generated code, lint, the web client, every test with -race in its short form
	$(GO) test -race -short -count=1 -timeout 20m $(PKGS)

.PHONY: test-long
test-long: ## every test with -race in full: the long property runs and CPU tournaments too
	$(GO) test -race -count=1 -timeout 60m $(PKGS)

.PHONY: bench
bench: ## run the benchmarks (figures go in docs/benchmarks.md)
	$(GO) test -run '^$$' -bench . -benchmem -benchtime $(BENCHTIME) $(PKGS)

.PHONY: sim
sim: build ## play 200 random 4-player games on the classic map
	./bin/rout sim --map classic --players 4 --games 200
