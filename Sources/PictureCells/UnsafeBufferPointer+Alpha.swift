extension UnsafeBufferPointer<UInt8> {
  /// Whether every pixel of this RGBA buffer is fully opaque, so chafa can read it as it is.
  var allOpaque: Bool {
    var index = 3
    while index < count {
      if self[index] != 0xFF { return false }
      index += 4
    }
    return true
  }

  /// This RGBA buffer laid over `background` (`0xRRGGBB`), every pixel made opaque.
  ///
  /// Done here rather than left to chafa, whose transparent cells come back as "no colour" and
  /// whose threshold would cut soft edges: a caption over a faded corner should fade too.
  func composited(over background: UInt32) -> [UInt8] {
    let under = [
      UInt32((background >> 16) & 0xFF), UInt32((background >> 8) & 0xFF),
      UInt32(background & 0xFF),
    ]
    var out = [UInt8](repeating: 0xFF, count: count)
    var index = 0
    while index + 3 < count {
      let alpha = UInt32(self[index + 3])
      for channel in 0..<3 {
        let mixed = UInt32(self[index + channel]) * alpha + under[channel] * (255 - alpha)
        out[index + channel] = UInt8((mixed + 127) / 255)
      }
      index += 4
    }
    return out
  }
}
