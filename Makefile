# nibinspect — the two commands of the README are `make demo` and `make test`.
SWIFT    ?= swift
BIN_DIR   = .build/release
NIB       = $(BIN_DIR)/nibinspect
OUT      ?= out
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps test-deps build demo test bench samples clean install format-lint dist dist-test dependency-test viraptor-ibtool

UNAME := $(shell uname -s)
# The commit `nibinspect --version` reports (Package.swift reads it; a changed value also makes
# SwiftPM read the manifest again). Empty outside git: the manifest then says `unknown`.
export NIBINSPECT_COMMIT := $(shell git rev-parse --short=12 HEAD 2>/dev/null)

ifeq ($(UNAME),Darwin)
# Homebrew's libarchive is keg-only (macOS ships the library without headers or a .pc file), so
# pkg-config — which SwiftPM asks for the CArchive flags — finds it only through this path.
BREW_PREFIX := $(shell brew --prefix 2>/dev/null || echo /opt/homebrew)
export PKG_CONFIG_PATH := $(BREW_PREFIX)/opt/libarchive/lib/pkgconfig$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))

# macOS: Graphviz, libarchive, libyaml and pkg-config from Homebrew.
deps:
	@command -v brew >/dev/null 2>&1 || { echo "make deps: Homebrew (https://brew.sh) is needed to install graphviz, libarchive, libyaml and pkg-config"; exit 1; }
	@missing=""; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	pkg-config --exists libgvc 2>/dev/null || missing="$$missing graphviz"; \
	pkg-config --exists libarchive 2>/dev/null || missing="$$missing libarchive"; \
	pkg-config --exists yaml-0.1 2>/dev/null || missing="$$missing libyaml"; \
	if [ -n "$$missing" ]; then \
	  echo "==> installing$$missing (Homebrew; libarchive is keg-only: PKG_CONFIG_PATH=$(BREW_PREFIX)/opt/libarchive/lib/pkgconfig)"; \
	  brew install $$missing; \
	fi
else
# Linux: Graphviz (libgvc), libarchive and libyaml headers and pkg-config are the only system packages
# needed (Debian names, apt-get).
deps:
	@if ! pkg-config --exists libgvc 2>/dev/null; then \
	  echo "==> installing libgraphviz-dev and pkg-config (apt-get)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libgraphviz-dev pkg-config; \
	fi
	@if ! pkg-config --exists libarchive 2>/dev/null; then \
	  echo "==> installing libarchive-dev (apt-get; scan reads .ipa and .zip archives with it)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libarchive-dev pkg-config; \
	fi
	@if ! pkg-config --exists yaml-0.1 2>/dev/null; then \
	  echo "==> installing libyaml-dev (apt-get; lint reads IBLinter's .iblinter.yml with it)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libyaml-dev pkg-config; \
	fi
endif

# The JSON Schema test validates outputs with the PyPI package jsonschema, the scan test loads its
# JSON Lines into the PyPI package duckdb; without them those tests skip with a message. Installed
# here when python3 is present. Debian's chromium runs the report's browser test (headless);
# without it that test skips with a message.
# NiceGUI 3.18.0 bundles Mermaid 11 as ES modules: the real Mermaid parser and renderer for the test
# of graph --format mermaid (no Debian package ships Mermaid).
MERMAID_BUNDLE_VERSION = 3.18.0
test-deps: deps
	@if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import jsonschema' 2>/dev/null; then \
	  echo "==> installing the Python package jsonschema (for the JSON Schema test)"; \
	  python3 -m pip install -q jsonschema 2>/dev/null || \
	  { $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-jsonschema; } || \
	  echo "    could not install jsonschema; the schema test will be skipped"; \
	fi
	@if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import duckdb' 2>/dev/null; then \
	  echo "==> installing the Python package duckdb (the scan test loads JSON Lines into it)"; \
	  python3 -m pip install -q duckdb 2>/dev/null || \
	  python3 -m pip install -q --break-system-packages duckdb 2>/dev/null || \
	  echo "    could not install duckdb; the DuckDB test will be skipped"; \
	fi
	@if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import junitparser' 2>/dev/null; then \
	  echo "==> installing the Python package junitparser (the lint test reads --format junit with it)"; \
	  python3 -m pip install -q junitparser 2>/dev/null || \
	  python3 -m pip install -q --break-system-packages junitparser 2>/dev/null || \
	  echo "    could not install junitparser; the JUnit reporter test will be skipped"; \
	fi
	@if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then \
	  echo "==> installing chromium (the report test loads the HTML page in headless Chromium)"; \
	  { $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } || \
	  echo "    could not install chromium; the browser test of 'report' will be skipped"; \
	fi
	@if command -v python3 >/dev/null 2>&1 && [ ! -f .build/mermaid/nicegui/elements/mermaid/dist/index.js ]; then \
	  echo "==> fetching Mermaid's JavaScript (bundled in the PyPI package nicegui $(MERMAID_BUNDLE_VERSION); the Mermaid test draws graph --format mermaid with it)"; \
	  mkdir -p .build/mermaid && python3 -m pip download -q --no-deps nicegui==$(MERMAID_BUNDLE_VERSION) -d .build/mermaid/wheel 2>/dev/null && \
	  python3 -c 'import glob, zipfile; z = zipfile.ZipFile(glob.glob(".build/mermaid/wheel/nicegui-*.whl")[0]); [z.extract(n, ".build/mermaid") for n in z.namelist() if n.startswith("nicegui/elements/mermaid/dist/")]' || \
	  echo "    could not fetch it; the Mermaid test will be skipped"; \
	fi
	@if ! command -v plantuml >/dev/null 2>&1; then \
	  echo "==> installing plantuml (the PlantUML test checks graph --format plantuml with it; Java and Graphviz come with it)"; \
	  { $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq plantuml; } || \
	  echo "    could not install plantuml; the PlantUML test will be skipped"; \
	fi
	@if ! command -v jq >/dev/null 2>&1; then \
	  echo "==> installing jq (the README's JSON example is checked with it)"; \
	  { $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jq; } || \
	  echo "    could not install jq; the README example check will be skipped"; \
	fi
	@if command -v python3 >/dev/null 2>&1 && command -v git >/dev/null 2>&1 && [ ! -f .build/viraptor-ibtool/ibtool/__main__.py ]; then \
	  echo "==> fetching viraptor/ibtool (a Python xib compiler, no packages needed to compile; ViraptorRoundTripTests compiles rebuilt xibs back with it)"; \
	  $(MAKE) -s viraptor-ibtool 2>/dev/null || \
	  echo "    could not fetch it; the viraptor round trip will be skipped"; \
	fi

build: deps
	$(SWIFT) build -c release --product nibinspect

demo: build
	@bash Scripts/demo.sh $(NIB) $(OUT)

test: test-deps
	$(SWIFT) test
	@if command -v python3 >/dev/null 2>&1 && command -v jq >/dev/null 2>&1; then \
	  python3 Scripts/check_readme.py .build/debug/nibinspect; \
	else echo "README examples: skipped (needs python3 and jq)"; fi
	@bash Scripts/dependency_test.sh

# viraptor/ibtool (a Python xib compiler) for the xib round-trip conformance test
# (ViraptorRoundTripTests): cloned into .build/viraptor-ibtool at the commit its exceptions were
# made with. VIRAPTOR_IBTOOL=/path/to/checkout points the test at another copy instead.
VIRAPTOR_URL    ?= https://github.com/viraptor/ibtool
VIRAPTOR_COMMIT  = 1c4e66224a47349c0b62385fdae36336a9b55a65
viraptor-ibtool:
	@if [ ! -d .build/viraptor-ibtool/.git ]; then git clone -q $(VIRAPTOR_URL) .build/viraptor-ibtool; fi
	@git -C .build/viraptor-ibtool fetch -q origin $(VIRAPTOR_COMMIT) 2>/dev/null || true
	git -C .build/viraptor-ibtool checkout -q $(VIRAPTOR_COMMIT)

# A throwaway package depending on a tagged clone of this one (.package(url: "file://…", from:))
# that uses NibOpener and the lint engine: the library products build and run as a versioned
# dependency (no unsafe flags in them). Part of `make test`; skips with a message without git.
dependency-test:
	@bash Scripts/dependency_test.sh

bench: deps
	@bash Scripts/bench.sh

# Installs the binary, the man page and bash, zsh and fish completions under PREFIX (default
# /usr/local); the page and the completions are generated by the binary from its command specs.
PREFIX ?= /usr/local
install: build
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	install -m 755 $(NIB) "$(DESTDIR)$(PREFIX)/bin/nibinspect"
	$(NIB) --generate-manual > "$(DESTDIR)$(PREFIX)/share/man/man1/nibinspect.1"
	$(NIB) --generate-completion-script bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/nibinspect"
	$(NIB) --generate-completion-script zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_nibinspect"
	$(NIB) --generate-completion-script fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/nibinspect.fish"

# A relocatable release archive: the binary, the Swift runtime and SwiftParser libraries it loads
# (found through the rpath $$ORIGIN/../lib, none through the toolchain's directory), the man page,
# bash, zsh and fish completions, the README and the licence, as dist/nibinspect-VERSION-OS-ARCH.tar.gz.
# Built in a scratch directory of its own (.build/dist), since its link differs from `make build`'s.
# Linux: Graphviz and libarchive come from the system (libgvc6, libarchive13). macOS: the binary and
# the host SwiftParser libraries, rpath @executable_path/../lib.
DIST_DIR ?= dist
ifeq ($(UNAME),Darwin)
DIST_RPATH = @executable_path/../lib
DIST_FLAGS =
else
DIST_RPATH = $$ORIGIN/../lib
DIST_FLAGS = -Xswiftc -no-toolchain-stdlib-rpath
endif
dist: deps
	NIBINSPECT_DIST=1 $(SWIFT) build -c release --product nibinspect --scratch-path .build/dist \
	  $(DIST_FLAGS) -Xlinker -rpath -Xlinker '$(DIST_RPATH)'
	@bash Scripts/dist.sh .build/dist/release/nibinspect $(DIST_DIR)

# Unpacks the archive of `make dist` where the toolchain cannot be seen (a mount namespace with an
# empty directory over it, when permitted; else a clean environment and an ldd check) and runs
# tree, why on Swift sources and graph --format png with it. Then Scripts/dist.sh's macOS branch
# against stand-ins for otool, install_name_tool and codesign (Linux; skipped on a Mac).
dist-test: dist
	@bash Scripts/dist_test.sh $(DIST_DIR)
	@bash Scripts/dist_darwin_mock_test.sh

# Lints the Swift files changed since the last commit (or FILES=...) with the toolchain's
# swift-format and the checked-in .swift-format (the house style: 4-space indent, 140 columns).
FILES ?= $(shell git diff --name-only --diff-filter=AM HEAD -- '*.swift')
format-lint:
	@if [ -n "$(strip $(FILES))" ]; then $(SWIFT) format lint --configuration .swift-format $(FILES); else echo "format-lint: no changed Swift files"; fi

# Regenerates Samples/ with the project's own archive writers (see Samples/README.md).
samples: deps
	$(SWIFT) run -c release make-samples Samples

clean:
	rm -rf .build $(OUT) $(DIST_DIR)
