# The README's two commands. Each first installs the Debian packages a fresh machine lacks
# (Scripts/install-deps: apt-get as root, else it prints the exact command), then hands over to
# SwiftPM. Arguments for the browser go in ARGS: `make run ARGS="feed.json --columns 3"`.
#
# Installing: `make release && sudo make install` puts the binary, the man page and the
# bash, zsh and fish completions under PREFIX (default /usr/local); DESTDIR stages them
# elsewhere, as packagers do. `make uninstall` removes exactly those files. `make deb` builds
# cascade_<version>_<arch>.deb from such a staged tree (see Scripts/make-deb).
.PHONY: run test build deps release install install-files uninstall deb

VERSION := $(shell cat VERSION)
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
# Where bash-completion, zsh and fish look for completions that come with a program.
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d

# The Swift runtime and FoundationEssentials linked in (no module imports all of Foundation,
# so none of its ICU comes along), so that the binary needs no toolchain where it runs, and
# no $ORIGIN run path (Debian's policy: none is needed); the flags are SwiftPM's own,
# given here rather than as unsafeFlags in Package.swift (which would stop other packages from
# depending on this one by version). .ci/run builds the benchmark with the same flags.
RELEASE_FLAGS = -c release --static-swift-stdlib --disable-local-rpath
RELEASE_BIN = .build/release/cascade

# The files `install` writes, and so the files `uninstall` removes.
INSTALLED = $(DESTDIR)$(BINDIR)/cascade \
  $(DESTDIR)$(MANDIR)/man1/cascade.1 \
  $(DESTDIR)$(BASHCOMPDIR)/cascade \
  $(DESTDIR)$(ZSHCOMPDIR)/_cascade \
  $(DESTDIR)$(FISHCOMPDIR)/cascade.fish

deps:
	@Scripts/install-deps

run: deps
	@swift build --product cascade
	@swift run --skip-build cascade $(ARGS)

# The end-to-end tests (the real binary in tmux and under a pty, against loopback servers) hold
# the program to wall-clock bounds, so they run one at a time, after the rest have run in
# parallel: on two cores, a hundred suites at once would starve them.
# Both halves run whatever the first one says, so that one run reports every failure; the
# target fails if either did. The build and both halves run with a temporary folder of their
# own (TMPDIR, and tmux's sockets in it), removed at the end however the run ends: the Swift
# toolchain leaves a `TemporaryDirectory.*` folder behind each time it asks the compiler about
# its target, and nothing of a run should stay in /tmp.
test: deps
	@status=0; \
	scratch=$$(mktemp -d "$${TMPDIR:-/tmp}/cascade-make-test.XXXXXX") || exit 1; \
	trap 'rm -rf "$$scratch"' EXIT; trap 'exit 130' INT TERM; \
	export TMPDIR="$$scratch" TMUX_TMPDIR="$$scratch"; \
	echo "swift build --build-tests"; swift build --build-tests || exit 1; \
	swift test --skip-build --skip CascadeTests || status=1; \
	swift test --skip-build --filter CascadeTests --no-parallel || status=1; \
	if [ $$status -ne 0 ]; then echo "make test: some tests failed (see above)" >&2; fi; \
	exit $$status

build: deps
	swift build

release:
	@Scripts/install-deps --build-only
	swift build $(RELEASE_FLAGS) --product cascade

# Installs the binary `make release` built, building it only when there is none: under sudo,
# whose PATH rarely has the Swift toolchain, nothing needs to be compiled.
install: $(RELEASE_BIN) install-files

$(RELEASE_BIN):
	$(MAKE) --no-print-directory release

# The completions are written by the binary itself, from its option table; the man page is the
# committed cascade.1, which a test keeps equal to what the binary writes.
install-files:
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BASHCOMPDIR) \
	  $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -m 755 $(RELEASE_BIN) $(DESTDIR)$(BINDIR)/cascade
	install -m 644 cascade.1 $(DESTDIR)$(MANDIR)/man1/cascade.1
	$(RELEASE_BIN) --completions bash >$(DESTDIR)$(BASHCOMPDIR)/cascade
	$(RELEASE_BIN) --completions zsh >$(DESTDIR)$(ZSHCOMPDIR)/_cascade
	$(RELEASE_BIN) --completions fish >$(DESTDIR)$(FISHCOMPDIR)/cascade.fish
	chmod 644 $(DESTDIR)$(BASHCOMPDIR)/cascade $(DESTDIR)$(ZSHCOMPDIR)/_cascade \
	  $(DESTDIR)$(FISHCOMPDIR)/cascade.fish

uninstall:
	rm -f $(INSTALLED)

# A Debian package from a tree staged by `install` under /usr, with zsh's folder for
# packaged completions.
DEBROOT = .build/deb/root
deb: release
	rm -rf $(DEBROOT)
	$(MAKE) --no-print-directory install-files DESTDIR=$(CURDIR)/$(DEBROOT) PREFIX=/usr \
	  ZSHCOMPDIR=/usr/share/zsh/vendor-completions
	Scripts/make-deb $(DEBROOT) $(VERSION)
