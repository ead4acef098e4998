// Dispatches to a command; every command returns its exit status.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32 =
  if arguments.first == "layout" {
    await LayoutCommand.run(arguments: Array(arguments.dropFirst()))
  } else {
    await BrowseCommand.run(arguments: arguments)
  }
exit(status)
