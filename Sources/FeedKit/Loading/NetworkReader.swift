import FeedModel
import Foundation
import Locking
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

  /// With a `LoadOptions.memory`, a page kept from an earlier read is asked for only if it
  /// changed (`PageValidators`), and a `304` gives it back as it was; a server that asked to
  /// wait (`RetryAfter`) is not asked before its time, the wait said as `.retryLater`.
  /// - Parameter takeItems: given a classic document's items while it is decoded, which then
  ///   leave the document (`FeedDocument.decode(_:format:origin:options:expectedBytes:takeItems:)`).
  static func page(
    at url: String, options: LoadOptions, takeItems: (@Sendable ([FeedItem]) -> Void)? = nil
  ) async throws(FeedError) -> Page {
    let memory = options.memory
    if let wait = memory?.wait(for: url) {
      throw .retryLater(url: url, status: wait.status, until: wait.until)
    }
    let kept = memory?.kept(url)
    let body = try ArrivingBody.open(
      url, options: options, headers: kept?.validators.requestHeaders ?? [])
    // The items handed out while decoding, kept with the rest of the page for the next `304`.
    let handedOut = Locked<[FeedItem]>([])
    let result: Result<Page, FeedError> = await withTaskCancellationHandler {
      do throws(FeedError) {
        return .success(
          try await runOffThread { () throws(FeedError) -> Page in
            let response: TransferResponse
            do throws(FeedError) {
              response = try body.response()
            } catch {
              if let memory, let refusal = body.refusedResponse {
                if refusal.status == 304, let kept { return kept.page }
                if let until = RetryAfter.moment(
                  status: refusal.status, value: refusal.header("Retry-After"), now: memory.now())
                {
                  memory.waitFor(url, status: refusal.status, until: until)
                  throw .retryLater(url: url, status: refusal.status, until: until)
                }
              }
              throw error
            }
            // Relative addresses are the page's, where the redirects ended.
            let address = PageAddress(response.url)
            var options = options
            options.declaredCharset = response.header("Content-Type").flatMap(
              Self.charset(ofContentType:))
            var document = try FeedDocument.decode(
              reading: body, origin: response.url, options: options, readSize: Self.readSize,
              takeItems: takeItems.map { take in
                { items in
                  let resolved = address?.resolving(items) ?? items
                  if memory != nil { handedOut.withLock { $0 += resolved } }
                  take(resolved)
                }
              })
            if let address { document.items = address.resolving(document.items) }
            let final = body.finalResponse ?? response
            let page = Page(
              document: document, url: final.url,
              nextLink: final.header("Link").flatMap(LinkHeader.next))
            if let memory {
              var whole = page
              whole.document.items = handedOut.withLock { $0 } + page.document.items
              memory.keep(whole, at: url, validators: PageValidators(final))
            }
            return page
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
        pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset"
      else { continue }
      let name = pair[1].trimmingCharacters(in: .whitespaces)
        .trimmingCharacters(in: CharacterSet(charactersIn: "\"'")).lowercased()
      return name.isEmpty ? nil : name
    }
    return nil
  }
}
