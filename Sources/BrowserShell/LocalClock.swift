import BrowserCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The reader's clock for the browser's dates (`ReaderTime`): their time zone as the C
/// library reads it (`TZ`, else `/etc/localtime`), through `localtime_r` as `ls` does, and
/// the time now.
public enum LocalClock {
  /// The reader's zone and now.
  public static func readerTime() -> ReaderTime {
    tzset()
    return ReaderTime(offset: offset(at:), now: now())
  }

  /// Seconds since 1970, now.
  public static func now() -> Int64 { Int64(time(nil)) }

  /// The offset and the zone's abbreviation `localtime_r` gives for a moment. The name comes
  /// from `TZ`, which anyone may set: only letters, digits, `+` and `-` are kept.
  @Sendable static func offset(at seconds: Int64) -> ReaderTime.Offset {
    var moment = time_t(seconds)
    var parts = tm()
    guard localtime_r(&moment, &parts) != nil else {
      return ReaderTime.Offset(seconds: 0, zone: "UTC")
    }
    let name = parts.tm_zone.map { String(cString: $0) } ?? ""
    let kept = name.unicodeScalars.filter {
      $0.isASCII
        && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "+" || $0 == "-")
    }
    return ReaderTime.Offset(
      seconds: Int(parts.tm_gmtoff), zone: String(String.UnicodeScalarView(kept.prefix(8))))
  }
}
