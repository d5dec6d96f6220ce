# assertlens build, test and demo entry points. `make test` is what CI runs.
GO        ?= go
BIN       := bin/assertlens
JAVA_PKGS := junit4 junit5 libhamcrest-java libasm-java neovim
export CGO_ENABLED := 1

.PHONY: all setup build test gotest lint bench demo editors-test vscode-test nvim-test e2e clean

all: build

## setup: install what the tests need (Debian JUnit jars, Neovim, npm packages) and check the JDK.
setup:
	@bash scripts/setup.sh

build:
	@mkdir -p bin
	$(GO) build -o $(BIN) ./cmd/assertlens

lint:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...

# Tests are hermetic: ASSERTLENS_BUILD_TOOLS=off keeps mvn and gradle from downloading the
# fixtures' dependencies (classpaths come from Debian's /usr/share/maven-repo). Packages
# run in parallel (-p 4): the Java-heavy ones wait on javac and JVMs much of the time.
# The tests' JVMs are short: C1 only and the serial collector cost about a third less CPU.
export ASSERTLENS_JAVA_OPTS ?= -XX:TieredStopAtLevel=1 -XX:+UseSerialGC
gotest: build
	ASSERTLENS_BUILD_TOOLS=off $(GO) test -count=1 -p 4 -timeout 30m ./...

## test: gofmt check, go vet, every Go test, the editor clients' tests, then the extension in a
## real VS Code (e2e).
test: setup lint gotest editors-test e2e

editors-test: build
	@if [ -f editors/vscode/package.json ]; then $(MAKE) vscode-test; fi
	@if [ -d editors/nvim/test ]; then $(MAKE) nvim-test; fi

vscode-test:
	cd editors/vscode && npm ci --no-audit --no-fund && npm run compile && ASSERTLENS_BUILD_TOOLS=off ASSERTLENS_BIN=$(CURDIR)/$(BIN) npm test

nvim-test:
	ASSERTLENS_BUILD_TOOLS=off ASSERTLENS_BIN=$(CURDIR)/$(BIN) bash editors/nvim/test/run.sh

## e2e: the VS Code extension, packaged as a .vsix, in a real VS Code (code-server driven by
## headless Chromium), then the Neovim plugin with a newer Neovim than Debian's. Installs
## code-server, Chromium, puppeteer-core and that Neovim on first use (cached in
## ~/.cache/assertlens-e2e); screenshots go to /tmp/assertlens-e2e-artifacts.
e2e: build
	bash scripts/e2e.sh $(CURDIR)/$(BIN)
	ASSERTLENS_BUILD_TOOLS=off ASSERTLENS_BIN=$(CURDIR)/$(BIN) bash editors/nvim/test/versions.sh

bench: build
	$(GO) test -run '^$$' -bench . -benchtime 3x ./...

## demo: index the embedded sample project, edit it in a scratch copy, show what is selected.
demo: setup build
	@bash scripts/demo.sh

clean:
	rm -rf bin
