# The README's two commands. Each first installs the Debian packages a fresh machine lacks
# (Scripts/install-deps: apt-get as root, else it prints the exact command), then hands over to
# SwiftPM. Arguments for the browser go in ARGS: `make run ARGS="feed.json --columns 3"`.
.PHONY: run test build deps

deps:
	@Scripts/install-deps

run: deps
	@swift build --product cascade
	@swift run --skip-build cascade $(ARGS)

# The end-to-end tests (the real binary in tmux and under a pty, against loopback servers) hold
# the program to wall-clock bounds, so they run one at a time, after the rest have run in
# parallel: on two cores, a hundred suites at once would starve them.
test: deps
	swift build --build-tests
	swift test --skip-build --skip CascadeTests
	swift test --skip-build --filter CascadeTests --no-parallel

build: deps
	swift build
