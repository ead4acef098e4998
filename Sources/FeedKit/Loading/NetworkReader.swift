import FeedModel
import FoundationEssentials
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

  /// With a `LoadOptions.memory`, a page kept from an earlier read (of this run, else of an
  /// earlier one, `StoredPage`) is asked for only if it changed (`PageValidators`), and a
  /// `304` gives it back as it was; a server that asked to wait (`RetryAfter`) is not asked
  /// before its time, the wait said as `.retryLater`.
  /// - Parameter takeItems: given a classic document's items while it is decoded, which then
  ///   leave the document (`FeedDocument.decode(_:format:origin:options:expectedBytes:takeItems:)`).
  /// - Parameter readsStored: false when a copy on disk turned out not to decode.
  static func page(
    at url: String, options: LoadOptions, takeItems: (@Sendable ([FeedItem]) -> Void)? = nil,
    readsStored: Bool = true
  ) async throws(FeedError) -> Page {
    let memory = options.memory
    if let wait = memory?.wait(for: url) {
      throw .retryLater(url: url, status: wait.status, until: wait.until)
    }
    let kept = memory?.kept(url)
    // Of a page this run has not read, the copy an earlier run kept on disk.
    let stored = kept == nil && options.keepsPage && readsStored ? memory?.stored(url) : nil
    let copies = memory?.disk != nil && options.keepsPage && !URLSecrets.holdsSecret(url)
    let body = try ArrivingBody.open(
      url, options: options,
      headers: (kept?.validators ?? stored?.validators)?.requestHeaders ?? [])
    // The items handed out while decoding, kept with the rest of the page for the next `304`.
    let handedOut = Locked<[FeedItem]>([])
    let result: Result<Page?, FeedError> = await withTaskCancellationHandler {
      do throws(FeedError) {
        return .success(
          try await runOffThread { () throws(FeedError) -> Page? in
            let response: TransferResponse
            do throws(FeedError) {
              response = try body.response()
            } catch {
              if let memory, let refusal = body.refusedResponse {
                if refusal.status == 304, let kept { return kept.page }
                if refusal.status == 304, let stored {
                  // A copy that no longer decodes is forgotten and the page asked for again.
                  guard
                    let page = try? Self.reread(
                      stored, of: url, options: options, handedOut: handedOut,
                      takeItems: takeItems)
                  else {
                    memory.forgetStored(url)
                    return nil
                  }
                  return page
                }
                if let until = RetryAfter.moment(
                  status: refusal.status, value: refusal.header("Retry-After"), now: memory.now())
                {
                  memory.waitFor(url, status: refusal.status, until: until)
                  throw .retryLater(url: url, status: refusal.status, until: until)
                }
              }
              throw error
            }
            var options = options
            options.declaredCharset = response.header("Content-Type").flatMap(
              Self.charset(ofContentType:))
            let input = copies ? CopyingInput(body, limit: StoredPage.largestBody) : nil
            let stream = try StreamedBytes(
              input: input ?? body, source: response.url, maxBytes: options.maxBytes,
              maxBytesSetBy: options.settingNames[.maxBytes], readSize: Self.readSize)
            stream.progress = options.progress
            var document: FeedDocument
            var isPicture = false
            do throws(FeedError) {
              document = try Self.decode(
                stream, from: response.url, options: options, handedOut: handedOut,
                takeItems: takeItems)
            } catch {
              // Refused as a picture, from its first bytes, which the stream still holds.
              guard case .notAFeed = error, let picture = try Self.picture(stream, at: response.url)
              else { throw error }
              // Its size is known: the rest of the picture is the picture loader's to fetch.
              body.cancel()
              document = FeedDocument(items: [picture])
              isPicture = true
            }
            let final = body.finalResponse ?? response
            let page = Page(
              document: document, url: final.url,
              nextLink: final.header("Link").flatMap(LinkHeader.next))
            if let memory, options.keepsPage {
              var whole = page
              whole.document.items = handedOut.withLock { $0 } + page.document.items
              let validators = PageValidators(final)
              memory.keep(whole, at: url, validators: validators)
              if copies {
                if let validators, let copy = input?.copy, stream.isComplete, !isPicture {
                  memory.store(
                    StoredPage(
                      url: page.url, nextLink: page.nextLink, validators: validators,
                      charset: options.declaredCharset, body: copy), at: url)
                } else {
                  memory.forgetStored(url)
                }
              }
            }
            return page
          })
      } catch {
        return .failure(error)
      }
    } onCancel: {
      body.cancel()
    }
    guard let page = try result.get() else {
      // The copy on disk was forgotten: this asks for the whole page.
      return try await Self.page(
        at: url, options: options, takeItems: takeItems, readsStored: false)
    }
    return page
  }

  /// `stream`, the body of the page at `url` (where the redirects ended), decoded, its
  /// relative addresses made absolute; items handed out while decoding are also added to
  /// `handedOut` when a memory keeps the page.
  private static func decode(
    _ stream: StreamedBytes, from url: String, options: LoadOptions,
    handedOut: Locked<[FeedItem]>, takeItems: (@Sendable ([FeedItem]) -> Void)?
  ) throws(FeedError) -> FeedDocument {
    // Relative addresses are the page's, where the redirects ended.
    let address = PageAddress(url)
    let keeps = options.memory != nil
    var document = try FeedDocument.decode(
      stream, origin: url, options: options,
      takeItems: takeItems.map { take in
        { items in
          let resolved = address?.resolving(items) ?? items
          if keeps { handedOut.withLock { $0 += resolved } }
          take(resolved)
        }
      })
    if let address { document.items = address.resolving(document.items) }
    return document
  }

  /// The page of `url` as an earlier run kept it on disk, decoded without asking its server:
  /// what a feed of several that cannot be read now shows (`FeedLoader.loadSeveral`), so that
  /// the feeds followed open offline with their last items. Nil when none is kept or it no
  /// longer decodes.
  static func storedPage(at url: String, options: LoadOptions) -> Page? {
    guard options.keepsPage, let stored = options.memory?.stored(url) else { return nil }
    return try? reread(
      stored, of: url, options: options, handedOut: Locked([]), takeItems: nil)
  }

  /// The page an earlier run kept of `url`, which its server said has not changed (or which
  /// cannot be read now), decoded again and kept in this run's memory for the next refresh.
  private static func reread(
    _ stored: StoredPage, of url: String, options: LoadOptions, handedOut: Locked<[FeedItem]>,
    takeItems: (@Sendable ([FeedItem]) -> Void)?
  ) throws(FeedError) -> Page {
    var options = options
    options.declaredCharset = stored.charset
    let stream = try StreamedBytes(
      input: BytesInput(stored.body), source: stored.url, maxBytes: options.maxBytes,
      maxBytesSetBy: options.settingNames[.maxBytes], readSize: Self.readSize)
    stream.progress = options.progress
    let document = try Self.decode(
      stream, from: stored.url, options: options, handedOut: handedOut, takeItems: takeItems)
    let page = Page(document: document, url: stored.url, nextLink: stored.nextLink)
    var whole = page
    whole.document.items = handedOut.withLock { $0 } + page.document.items
    options.memory?.keep(whole, at: url, validators: stored.validators)
    return page
  }

  /// The item of a body that is a picture, told by its first bytes whatever its address
  /// or type say (`cascade https://example.com/a.jpg`): a feed of that one picture, sized
  /// from its header, as a picture file is (`PictureFileFeed`); nil for any other body.
  static func picture(_ stream: StreamedBytes, at url: String) throws(FeedError) -> FeedItem? {
    func prefix(_ count: Int) throws(FeedError) -> [UInt8] {
      while stream.count < count, !stream.isComplete {
        try stream.fill(upTo: count, patience: 1)
      }
      return Array(stream.bytes.prefix(count))
    }
    guard PictureSize.isPicture(try prefix(16)) else { return nil }
    switch try PictureSize.read({ (count: Int) throws(FeedError) in try prefix(count) }) {
    case .size(let width, let height):
      let shape = ItemFields.clampShape(width: width, height: height)
      let path = url.split(separator: "?", maxSplits: 1).first ?? ""
      let name = path.split(separator: "#").first?.split(separator: "/").last.map(String.init)
      return FeedItem(
        imageURL: url, width: shape.width, height: shape.height,
        title: URLSecrets.masked(name ?? url))
    case .unreadable(let reason):
      throw .unreadable(source: url, detail: reason)
    }
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
