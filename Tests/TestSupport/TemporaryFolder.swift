import Foundation

/// A fresh folder under the temporary directory, removed by the caller.
package func temporaryFolder() throws -> String {
  let path = NSTemporaryDirectory() + "cascade-tests-\(UUID().uuidString)"
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}
