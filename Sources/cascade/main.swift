// Dispatches to a command; every command returns its exit status.
import FoundationEssentials
import Glibc

Console.reserveStandardDescriptors()
let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
switch arguments.first {
case "layout":
  status = await LayoutCommand.run(arguments: Array(arguments.dropFirst()))
case "print":
  status = await PrintCommand.run(arguments: Array(arguments.dropFirst()))
case "items":
  status = await ItemsCommand.run(arguments: Array(arguments.dropFirst()))
case "add", "remove", "import", "export":
  let command =
    Command.subscriptions.first { $0.rawValue == "cascade " + (arguments.first ?? "") } ?? .add
  status = await SubscriptionCommand.run(command, arguments: Array(arguments.dropFirst()))
case "--help", "-h", "help":
  // `cascade help print` and `cascade help layout` too, as `git help` reads.
  switch arguments.dropFirst().first {
  case "print":
    Console.out(HelpText.print)
    status = 0
  case "layout":
    Console.out(HelpText.layout)
    status = 0
  case "items":
    Console.out(HelpText.items)
    status = 0
  case "add", "remove", "import", "export":
    Console.out(HelpText.subscriptions)
    status = 0
  case let topic? where arguments.first == "help":
    // `cascade help prnt`: a typo, not a request for the browser's help.
    let guess = NearestName.nearest(
      to: topic, among: ["print", "layout", "items", "add", "remove", "import", "export"])
    Console.error(
      UsageError(
        "no help on '\(topic.escapingControls)'" + (guess.map { "; did you mean \($0)?" } ?? ""),
        advice: "the commands are print, layout, items, add, remove, import and export, as in "
          + "'cascade help print'; "
          + "'cascade help' shows the browser's"
      ).description)
    status = 2
  default:
    Console.out(HelpText.browse + "\n")
    status = 0
  }
case "--version", "-V":
  Console.out(VersionText.text)
  status = 0
case "--completions":
  let name = arguments.dropFirst().first ?? ""
  if let shell = CompletionScript.Shell(rawValue: name), arguments.count == 2 {
    Console.out(CompletionScript.script(for: shell))
    status = 0
  } else {
    let given = arguments.dropFirst().joined(separator: " ")
    Console.error(
      UsageError("--completions takes one of bash, zsh, fish; got '\(given)'").description)
    status = 2
  }
case "--man":
  Console.out(ManPage.text)
  status = 0
case let first? where NearestName.command(mistyped: first) != nil:
  // `cascade prnt feed.json`: no file of that name, and one edit from a command.
  let command = NearestName.command(mistyped: first) ?? ""
  Console.error(
    UsageError(
      "'\(first.escapingControls)' is neither a command nor a file here; "
        + "did you mean 'cascade \(command)'?"
    ).description)
  status = 2
default:
  status = await BrowseCommand.run(arguments: arguments)
}
exit(Console.finish(status))
