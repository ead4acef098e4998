/// Picture formats Cascade recognises but does not decode, told from their first bytes: so
/// that a photo a person expects to see (an iPhone's HEIC, a camera's raw file, an AVIF from
/// the web) is named and explained, not passed over in a folder like a sidecar file or called
/// "not a picture" in its box.
public enum ForeignPictureFormat: Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// HEIF, and HEIC, its HEVC-coded kind: what iPhones save photos as.
  case heif
  case avif
  case jpegXL
  case bmp
  /// TIFF, and the camera raw files built on it (CR2, NEF, ARW, DNG).
  case tiff

  /// The name a person knows the format by.
  public var description: String {
    switch self {
    case .heif: "HEIC/HEIF"
    case .avif: "AVIF"
    case .jpegXL: "JPEG XL"
    case .bmp: "BMP"
    case .tiff: "TIFF"
    }
  }

  /// What such a file is, for a message: "an AVIF picture".
  public var picture: String {
    switch self {
    case .avif: "an AVIF picture"
    case .tiff: "a TIFF picture or a camera's raw file"
    default: "a \(description) picture"
    }
  }

  /// Whether `head`, shorter than the 12 bytes `sniff` decides on, could still become one of
  /// these formats with more bytes: a reader of a file's prefix then asks for more, so that it
  /// tells a prefix what it tells the whole file.
  static func couldStart(_ head: [UInt8]) -> Bool {
    guard head.count < 12 else { return false }
    func agrees(_ signature: [UInt8], from offset: Int = 0) -> Bool {
      zip(head.dropFirst(offset), signature).allSatisfy { $0 == $1 }
    }
    let bmp = agrees(Array("BM".utf8)) && head.dropFirst(6).prefix(4).allSatisfy { $0 == 0 }
    return agrees([0xFF, 0x0A]) || agrees([0x49, 0x49, 0x2A, 0x00])
      || agrees([0x4D, 0x4D, 0x00, 0x2A]) || bmp
      || agrees([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A])
      || agrees(Array("ftyp".utf8), from: 4)
  }

  /// The format `bytes` (a file's first 12 bytes or more) start as, nil for any other.
  public static func sniff(_ bytes: some Collection<UInt8>) -> ForeignPictureFormat? {
    let head = Array(bytes.prefix(12))
    guard head.count >= 4 else { return nil }
    if head.starts(with: [0xFF, 0x0A]) { return .jpegXL }
    if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
      return .tiff
    }
    guard head.count == 12 else { return nil }
    // "BM", the file's size, and 4 reserved bytes that are zero.
    if head.starts(with: [0x42, 0x4D]), head[6..<10].allSatisfy({ $0 == 0 }) { return .bmp }
    if head == [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A] { return .jpegXL }
    // An ISO base media file: a box size, "ftyp", and the major brand.
    guard head[4..<8].elementsEqual("ftyp".utf8) else { return nil }
    let brand = String(decoding: head[8..<12], as: UTF8.self)
    if ["avif", "avis"].contains(brand) { return .avif }
    let heif = ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]
    return heif.contains(brand) ? .heif : nil
  }
}
