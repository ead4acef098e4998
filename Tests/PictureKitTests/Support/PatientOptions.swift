import FeedKit

extension LoadOptions {
  /// The library's defaults with a picture time and a wait for an answer that no loaded
  /// machine reaches, for tests that are not about time. In a parallel test run, a test's
  /// next step waits behind hundreds of others for one of Swift's cooperative threads (as
  /// many as the machine has cores); beside busy loops a trivial test waited 72 s to run. A
  /// probe's deadline, the picture time (30 s by default), spans the fetch that follows it,
  /// and ran out between the two; a transfer a test holds at a gate until its next step
  /// (`--timeout`, 15 s by default, without a byte) ran out while the step waited its turn.
  static var patient: LoadOptions {
    var options = LoadOptions()
    options.pictureTime = 3_600
    options.timeout = 3_600
    return options
  }
}
