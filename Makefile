# The README's two commands. Each first installs the Debian packages a fresh machine lacks
# (Scripts/install-deps: apt-get as root, else it prints the exact command), then hands over to
# SwiftPM. Arguments for the browser go in ARGS: `make run ARGS="feed.json --columns 3"`.
.PHONY: run test build deps

deps:
	@Scripts/install-deps

run: deps
	@swift build --product cascade
	@swift run --skip-build cascade $(ARGS)

test: deps
	swift test $(ARGS)

build: deps
	swift build
