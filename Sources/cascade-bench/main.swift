// cascade-bench: measures the engine and the screen against baselines from the same run.
// `swift run -c release cascade-bench [--quick] [--json FILE]`
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--memory-child", arguments.count == 2 {
  exit(await MemoryWorkload.child(path: arguments[1]))
}
var quick = false
var jsonPath: String?
var only: String?
while let argument = arguments.first {
  arguments.removeFirst()
  switch argument {
  case "--quick": quick = true
  case "--json":
    guard let path = arguments.first else {
      FileHandle.standardError.write(Data("cascade-bench: --json needs a file name\n".utf8))
      exit(2)
    }
    jsonPath = path
    arguments.removeFirst()
  case "--only":
    only = arguments.first
    if !arguments.isEmpty { arguments.removeFirst() }
  case "--help", "-h":
    print(
      "usage: cascade-bench [--quick] [--json FILE] [--only layout|query|append|columns|screen|decode|pictures|pixels|probe|memory|network|first|animation|remote|followed]"
    )
    exit(0)
  default:
    FileHandle.standardError.write(Data("cascade-bench: unknown option '\(argument)'\n".utf8))
    exit(2)
  }
}

#if DEBUG
  print("note: a debug build; run `swift run -c release cascade-bench` for real figures")
#endif
print(Report.header)
var report = Report()
let engine = EngineWorkloads(quick: quick)
let selected = only
let wanted = { (name: String) in selected == nil || selected == name }
if wanted("layout") { engine.fullLayout(into: &report) }
if wanted("query") { engine.rectQuery(into: &report) }
if wanted("append") { engine.append(into: &report) }
if wanted("columns") { engine.columnChange(into: &report) }
if wanted("screen") { ScreenWorkloads.measure(quick: quick, into: &report) }
if wanted("decode") { DecodeWorkload.measure(quick: quick, into: &report) }
if wanted("pictures") {
  PictureWorkload.measure(quick: quick, into: &report)
  PictureScreenWorkloads.measure(quick: quick, into: &report)
  PictureMemoryWorkload.measure(quick: quick, into: &report)
}
if wanted("pixels") { PixelScreenWorkloads.measure(quick: quick, into: &report) }
if wanted("network") { NetworkWorkload.measure(quick: quick, into: &report) }
if wanted("first") { FirstScreenWorkload.measure(quick: quick, into: &report) }
if wanted("animation") { AnimationWorkload.measure(quick: quick, into: &report) }
if wanted("remote") { RemoteWorkload.measure(quick: quick, into: &report) }
if wanted("followed") { FollowedFeedsWorkload.measure(quick: quick, into: &report) }
if wanted("probe") {
  for figure in await ProbeWorkload.measure(quick: quick) { report.add(figure) }
}
if wanted("memory") { MemoryWorkload.measure(n: quick ? 100_000 : 1_000_000, into: &report) }
if let jsonPath {
  do {
    try report.writeJSON(to: jsonPath, quick: quick)
  } catch {
    FileHandle.standardError.write(Data("cascade-bench: cannot write \(jsonPath): \(error)\n".utf8))
    exit(1)
  }
}
