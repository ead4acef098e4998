// Dispatches to a command; every command returns its exit status.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
switch arguments.first {
case "layout":
  status = await LayoutCommand.run(arguments: Array(arguments.dropFirst()))
case "print":
  status = await PrintCommand.run(arguments: Array(arguments.dropFirst()))
case "--help", "-h", "help":
  print(HelpText.browse)
  status = 0
case "--version", "-V":
  Console.out(VersionText.text)
  status = 0
default:
  status = await BrowseCommand.run(arguments: arguments)
}
exit(status)
