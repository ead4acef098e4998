import FeedModel
import FoundationEssentials
import Transport

/// Reads and decodes a feed page over http(s) while its body arrives (`ArrivingBody`), the way
/// `LocalReader` does a file: a large page is decoded as it streams, and its items can be shown
/// before its end.
enum NetworkReader {
  /// The page at `url`, the address it finally came from (after redirects), and the next page
  /// a `Link: <…>; rel="next"` header names (Mastodon, Unsplash and many APIs page that way).
  struct Page: Sendable {
    var document: FeedDocument
    var url: String
    var nextLink: String?
  }

  /// Bytes the decoder waits for at a time, and gives back at a time: a quarter of a file's,
  /// so that on a slow line the first screen waits for 256 KiB, not a MiB.
  static let readSize = 1 << 18

  /// - Parameter takeItems: given a classic document's items while it is decoded, which then
  ///   leave the document (`FeedDocument.decode(_:format:origin:options:expectedBytes:takeItems:)`).
  static func page(
    at url: String, options: LoadOptions, takeItems: (@Sendable ([FeedItem]) -> Void)? = nil
  ) async throws(FeedError) -> Page {
    let body = try ArrivingBody.open(url, options: options)
    let result: Result<Page, FeedError> = await withTaskCancellationHandler {
      do throws(FeedError) {
        return .success(
          try await runOffThread { () throws(FeedError) -> Page in
            let response = try body.response()
            // Relative addresses are the page's, where the redirects ended.
            let address = PageAddress(response.url)
            var options = options
            options.declaredCharset = response.header("Content-Type").flatMap(
              Self.charset(ofContentType:))
            var document = try FeedDocument.decode(
              reading: body, origin: response.url, options: options, readSize: Self.readSize,
              takeItems: takeItems.map { take in
                { items in take(address?.resolving(items) ?? items) }
              })
            if let address { document.items = address.resolving(document.items) }
            let final = body.finalResponse ?? response
            return Page(
              document: document, url: final.url,
              nextLink: final.header("Link").flatMap(LinkHeader.next))
          })
      } catch {
        return .failure(error)
      }
    } onCancel: {
      body.cancel()
    }
    return try result.get()
  }

  /// The `charset` parameter of a `Content-Type` (`text/xml; charset="ISO-8859-1"`), in lower
  /// case; nil when there is none.
  static func charset(ofContentType value: String) -> String? {
    for parameter in value.split(separator: ";").dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1)
      guard pair.count == 2,
        pair[0].trimmingWhitespace().lowercased() == "charset"
      else { continue }
      let name = pair[1].trimmingWhitespace()
        .trimming { $0 == "\"" || $0 == "'" }.lowercased()
      return name.isEmpty ? nil : name
    }
    return nil
  }
}
