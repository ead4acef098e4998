import Foundation

/// Turns the bytes of one feed page into items, skipping (and counting) items that cannot be
/// laid out.
public enum FeedDecoder {
  /// - Parameter source: how to name the document in errors (a path or URL).
  public static func decode(_ bytes: [UInt8], source: String) throws(FeedError) -> FeedDocument {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    } catch {
      throw .malformedJSON(source: source, location: "unknown", detail: "\(error)")
    }
    guard let top = object as? [String: Any], let list = top["data"] as? [Any] else {
      throw .notAFeed(source: source, detail: "expected an object with a \"data\" list")
    }
    var items: [FeedItem] = []
    var skipped = SkipReport()
    for (i, element) in list.enumerated() {
      guard let fields = element as? [String: Any] else {
        skipped.record("item \(i + 1): not an object")
        continue
      }
      guard let width = size(fields["width"]) else {
        skipped.record("item \(i + 1): \"width\" is missing or not a positive number")
        continue
      }
      guard let height = size(fields["height"]) else {
        skipped.record("item \(i + 1): \"height\" is missing or not a positive number")
        continue
      }
      items.append(
        FeedItem(
          imageURL: fields["img"] as? String ?? "", width: width, height: height,
          title: fields["title"] as? String, id: fields["id"] as? String))
    }
    return FeedDocument(items: items, skipped: skipped, title: top["title"] as? String)
  }

  private static func size(_ value: Any?) -> Double? {
    let number: Double?
    switch value {
    case let text as String: number = Double(text)
    case let n as NSNumber: number = n.doubleValue
    default: number = nil
    }
    guard let number, number.isFinite, number > 0 else { return nil }
    return number
  }
}
