import Testing

@testable import PictureKit

@Suite struct Base64Tests {
  /// RFC 4648's test vectors.
  @Test(arguments: [
    ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
    ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
  ])
  func encodesAsTheRFCSays(text: String, encoded: String) {
    #expect(Base64.encode(Array(text.utf8)) == encoded)
  }
}
