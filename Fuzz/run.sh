#!/usr/bin/env bash
# Builds one libFuzzer target and runs it for N seconds on its corpus; exits non-zero on a crash.
#
#   Fuzz/run.sh decoder 60     LiberalJSONDecoder.decode on arbitrary bytes
#   Fuzz/run.sh layout 60      random waterfall layouts and rect queries against the invariants
#   Fuzz/run.sh pictures 60    picture sniffing, header reading, orientation and scaling
#   Fuzz/run.sh picture-decoder 60   PictureDecoder.decode through the codec libraries
#
# The target is compiled straight from the module's sources with swiftc (not SwiftPM), so
# `swift test` never needs it. New inputs the fuzzer finds go to .build/fuzz/<target>/corpus,
# not into the committed seed corpus in Fuzz/corpus/<target>; a crash is written to
# .build/fuzz/<target>/crash-* and can be replayed with `.build/fuzz/<target>/fuzz FILE`.
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:-}
seconds=${2:-60}
# The decoder target also needs the modules FeedKit imports (FeedModel, the items it decodes to;
# Transport, for fetching pages; Pictures, for reading sizes from pictures), each built first as
# a library of its own against its C module map, as SwiftPM does.
modules=()
linked=()
archives=()
case "$target" in
  decoder)
    mapfile -t feedkit < <(find Sources/FeedKit -name '*.swift' | sort)
    sources=("${feedkit[@]}" Fuzz/FeedDecoderFuzz.swift)
    # In dependency order: FeedModel, Transport and Pictures import Locking.
    modules=(Locking FeedModel Transport Pictures)
    # libxml2 through its module map, its headers where pkg-config says (SwiftPM asks it too).
    linked=(-I Sources/CLibXML2)
    for flag in $(pkg-config --cflags-only-I libxml-2.0); do linked+=(-Xcc "$flag"); done
    ;;
  layout) sources=(Sources/LayoutEngine/*.swift Fuzz/WaterfallLayoutFuzz.swift) ;;
  pictures)
    # The Pictures sources that need no codec library: the decoders' files are left out.
    mapfile -t pure < <(grep -L -e 'import CPictureCodecs' -e 'enum PictureDecoder' \
      Sources/Pictures/*.swift)
    sources=("${pure[@]}" Fuzz/PictureHeaderFuzz.swift)
    # DecodeMemory, which the decoders reserve memory through, waits on Locking's Condition.
    modules=(Locking)
    ;;
  picture-decoder)
    # The codecs link through their module map (SwiftPM's system library target).
    sources=(Sources/Pictures/*.swift Fuzz/PictureDecoderFuzz.swift)
    linked=(-I Sources/CPictureCodecs)
    modules=(Locking)
    ;;
  *)
    echo "usage: Fuzz/run.sh decoder|layout|pictures|picture-decoder SECONDS" >&2
    exit 2
    ;;
esac

work=.build/fuzz/$target
mkdir -p "$work/corpus"
binary=$work/fuzz
# Rebuild only when a source is newer than the binary.
if [ ! -x "$binary" ] \
  || [ -n "$(find "${sources[@]}" Sources/Locking Sources/FeedModel Sources/Transport \
    Sources/Pictures Sources/CLibXML2 Fuzz/run.sh \
    -newer "$binary" \
    2>/dev/null)" ]; then
  echo "fuzz: building $target"
  mkdir -p "$work/modules"
  for module in "${modules[@]}"; do
    case "$module" in
      Locking | FeedModel) shim=Sources/$module ;;
      Transport) shim=Sources/CCurl ;;
      Pictures) shim=Sources/CPictureCodecs ;;
    esac
    mapfile -t files < <(find "Sources/$module" -name '*.swift' | sort)
    swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name "$module" \
      -package-name Cascade -I "$shim" -I "$work/modules" -emit-library -static -emit-module \
      -emit-module-path "$work/modules/" "${files[@]}" -o "$work/lib$module.a"
    linked+=(-I "$work/modules" -I "$shim")
    # A static library is searched once, where it stands: each goes before the ones it uses.
    archives=("$work/lib$module.a" "${archives[@]}")
  done
  # ld.gold warns about the sanitizer runtime's sections; the warnings are harmless.
  swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name "Fuzz_${target//-/_}" \
    -package-name Cascade \
    "${sources[@]}" "${linked[@]}" "${archives[@]}" -o "$binary" \
    2> >(grep -v 'ld.gold: warning:' >&2)
fi

echo "fuzz: running $target for $seconds s"
# -rss_limit_mb keeps a runaway allocation a reported crash instead of a stuck machine;
# leaks are not checked: Foundation keeps caches alive on purpose. The full log is kept in
# $work/log; only the summary and any crash report are printed.
set +e
# Swift's own backtracer would race ASan for the crash report; libFuzzer's is enough.
SWIFT_BACKTRACE=enable=no "$binary" "$work/corpus" "Fuzz/corpus/$target" \
  -max_total_time="$seconds" -rss_limit_mb=2048 -max_len=65536 -timeout=10 \
  -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$work/" >"$work/log" 2>&1
status=$?
set -e
if [ "$status" -ne 0 ]; then
  grep -vE '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse|INITED)' "$work/log" | tail -n 60 >&2
  echo "fuzz: $target FAILED (exit $status); the input is in $work/" >&2
  exit "$status"
fi
grep -E '^(Done|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss)' \
  "$work/log" || true
echo "fuzz: $target ran $seconds s clean"
