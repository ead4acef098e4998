import FeedKit
import Foundation

/// Reads the FEED argument. Temporary: replaced by FeedKit's loader when it lands.
enum FeedInput {
  static func load(_ argument: String?, timeout: Double?) async throws(FeedError) -> FeedDocument {
    guard let argument else {
      return try FeedDecoder.decode(SampleFeed.bytes, source: SampleFeed.name)
    }
    guard let data = FileManager.default.contents(atPath: argument) else {
      throw .unreadable(source: argument, detail: "no such file or not readable")
    }
    return try FeedDecoder.decode(Array(data), source: argument)
  }
}
