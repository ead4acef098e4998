import CCurl

/// One transfer's state on the loop's thread: its libcurl easy handle, the clocks, the byte
/// counts, and the redirects followed so far. Only `TransferLoop`'s thread touches it.
final class Transfer {
  let id: UInt64
  let request: TransferRequest
  let consumer: TransferConsumer
  let handle: UnsafeMutableRawPointer
  /// The address of this hop; changes with each redirect.
  private(set) var url: String
  private(set) var visited: Set<String>
  private(set) var redirects = 0
  let started: UInt64
  var lastActivity: UInt64
  /// Paused by the consumer: the idle clock stops.
  var isPaused = false
  /// Set by a callback that aborted the transfer, so that the completion reports why.
  var abort: TransferError?
  // This hop's answer.
  private(set) var status = 0
  /// Whether this hop's answer came over HTTP/2 or later (its status line says so).
  private(set) var multiplexed = false
  private(set) var headers: [TransferResponse.Header] = []
  private var headerBytes = 0
  /// Whether the blank line after this hop's final headers has arrived.
  private(set) var headersComplete = false
  private var delivered = false
  private(set) var bodyBytes: Int64 = 0
  /// The request's headers, and the same with its origin headers (`TransferRequest`): the
  /// handle is given one or the other as a hop's origin is or is not the request's.
  private var headerList: UnsafeMutablePointer<curl_slist>?
  private var originHeaderList: UnsafeMutablePointer<curl_slist>?
  private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))

  init?(id: UInt64, request: TransferRequest, consumer: TransferConsumer, now: UInt64) {
    guard let handle = curl_easy_init() else { return nil }
    self.id = id
    self.request = request
    self.consumer = consumer
    self.handle = handle
    url = request.url
    visited = [request.url]
    started = now
    lastActivity = now
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    configure()
  }

  deinit {
    curl_easy_cleanup(handle)
    curl_slist_free_all(headerList)
    curl_slist_free_all(originHeaderList)
    errorBuffer.deallocate()
  }

  /// libcurl's own message for the last failure, or its generic text for `code`.
  func message(_ code: CURLcode) -> String {
    let own = String(cString: errorBuffer)
    return own.isEmpty ? String(cString: curl_easy_strerror(code)) : own
  }

  private func configure() {
    let limits = request.limits
    setLong(CURLOPT_NOSIGNAL, 1)
    setString(CURLOPT_URL, url)
    setString(CURLOPT_PROTOCOLS_STR, "http,https")
    setString(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
    // Redirects are followed by the loop, one hop at a time, so that a loop, a refused scheme
    // and a missing `Location` can each be named.
    setLong(CURLOPT_FOLLOWLOCATION, 0)
    setLong(CURLOPT_MAXREDIRS, limits.maxRedirects)
    setString(CURLOPT_ACCEPT_ENCODING, "")
    setLong(CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS)
    setWaitForSharing(at: url)
    if let bundle = request.trust.bundle { setString(CURLOPT_CAINFO, bundle) }
    if let folder = request.trust.folder { setString(CURLOPT_CAPATH, folder) }
    setString(CURLOPT_USERAGENT, request.userAgent)
    if let range = request.byteRange {
      setString(CURLOPT_RANGE, "\(range.lowerBound)-\(range.upperBound)")
    } else if let start = request.byteRangeFrom {
      setString(CURLOPT_RANGE, "\(start)-")
    }
    for line in request.headers { headerList = curl_slist_append(headerList, line) }
    if !request.originHeaders.isEmpty {
      for line in request.headers + request.originHeaders {
        originHeaderList = curl_slist_append(originHeaderList, line)
      }
    }
    setHeaders(forHopTo: url)
    _ = ccurl_easy_setopt_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limits.maxBytes))
    setLong(CURLOPT_CONNECTTIMEOUT_MS, Int(limits.connectTimeout * 1000))
    _ = ccurl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
    let me = Unmanaged.passUnretained(self).toOpaque()
    _ = ccurl_easy_setopt_callback(handle, CURLOPT_WRITEFUNCTION, transferWrite)
    _ = ccurl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, me)
    _ = ccurl_easy_setopt_callback(handle, CURLOPT_HEADERFUNCTION, transferHeader)
    _ = ccurl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, me)
  }

  /// Points the handle at the next hop; the caller has removed it from the multi handle.
  /// - Returns: the error that ends the transfer instead, if any.
  func follow(to target: String) -> TransferError? {
    if visited.contains(target) { return .redirectLoop(url: request.url, repeated: target) }
    redirects += 1
    if redirects > request.limits.maxRedirects {
      return .tooManyRedirects(url: request.url, limit: request.limits.maxRedirects)
    }
    visited.insert(target)
    url = target
    setString(CURLOPT_URL, target)
    setHeaders(forHopTo: target)
    setWaitForSharing(at: target)
    status = 0
    headers = []
    headerBytes = 0
    headersComplete = false
    bodyBytes = 0
    errorBuffer[0] = 0
    return nil
  }

  /// A transfer to an https server whose first connection has not yet said whether it is
  /// shared (HTTP/2, told by the first answer) waits to learn it before opening another, as
  /// browsers do: the pictures of one screen go as streams of one connection, not one TLS
  /// handshake each. Plain http is never HTTP/2 here (`2TLS`), and there the wait would only
  /// hold every transfer back until a first answer came.
  private func setWaitForSharing(at target: String) {
    setLong(CURLOPT_PIPEWAIT, target.lowercased().hasPrefix("https:") ? 1 : 0)
  }

  /// Gives the handle the headers for a hop to `target`: the origin headers too only while it
  /// is the request's origin. (libcurl keeps custom headers across hops to other hosts.)
  private func setHeaders(forHopTo target: String) {
    let sameOrigin = originHeaderList != nil && TransferOrigin.same(target, request.url)
    let list = sameOrigin ? originHeaderList : headerList
    _ = ccurl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, list)
  }

  /// Bytes received for this hop before decoding (gzip still on).
  var downloadedBytes: Int64 {
    var count: curl_off_t = 0
    _ = ccurl_easy_getinfo_off_t(handle, CURLINFO_SIZE_DOWNLOAD_T, &count)
    return Int64(count)
  }

  /// Where a redirect of this hop leads, as libcurl resolves the `Location` against `url`.
  var redirectURL: String? {
    var text: UnsafePointer<CChar>?
    _ = ccurl_easy_getinfo_string(handle, CURLINFO_REDIRECT_URL, &text)
    return text.map { String(cString: $0) }
  }

  var response: TransferResponse {
    TransferResponse(status: status, url: url, headers: headers, multiplexed: multiplexed)
  }

  static func isRedirect(_ status: Int) -> Bool { [301, 302, 303, 307, 308].contains(status) }

  func receiveHeader(_ bytes: UnsafeRawBufferPointer, now: UInt64) -> Bool {
    lastActivity = now
    headerBytes += bytes.count
    guard headerBytes <= request.limits.maxHeaderBytes else {
      abort = .headersTooLarge(url: url, limit: request.limits.maxHeaderBytes)
      return false
    }
    let line = String(decoding: bytes, as: UTF8.self)
    if line.hasPrefix("HTTP/") {
      // A new answer (after a 100 Continue, say): its headers replace the last one's.
      headers = []
      multiplexed = !line.hasPrefix("HTTP/1") && !line.hasPrefix("HTTP/0")
      var code = 0
      _ = ccurl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &code)
      status = code
      if status == 0 {
        status = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
      }
      return true
    }
    guard let colon = line.firstIndex(of: ":") else {
      if line == "\r\n" || line == "\n", status >= 200 { headersComplete = true }
      return true
    }
    let name = String(line[..<colon])
    let blank: Set<Character> = [" ", "\t", "\r", "\n", "\r\n"]
    let value = line[line.index(after: colon)...].drop { blank.contains($0) }
    let trimmed = value.reversed().drop { blank.contains($0) }.reversed()
    headers.append(TransferResponse.Header(name: name, value: String(trimmed)))
    return true
  }

  /// - Returns: what the write callback answers libcurl: the count, 0 to abort, or pause.
  func receiveBody(_ bytes: UnsafeRawBufferPointer, now: UInt64) -> Int {
    lastActivity = now
    if Self.isRedirect(status) {
      // The body of a redirect is thrown away, but still counted: it may be endless.
      bodyBytes += Int64(bytes.count)
      if bodyBytes > request.limits.maxBytes {
        abort = .tooLarge(url: url, limit: request.limits.maxBytes)
        return 0
      }
      return bytes.count
    }
    guard (200..<300).contains(status) else {
      abort = .httpStatus(url: url, status: status)
      return 0
    }
    if Int64(bytes.count) > request.limits.maxBytes - bodyBytes {
      abort = .tooLarge(url: url, limit: request.limits.maxBytes)
      return 0
    }
    deliverResponse()
    switch consumer.chunk(bytes) {
    case .accepted:
      bodyBytes += Int64(bytes.count)
      return bytes.count
    case .pause:
      isPaused = true
      return ccurl_writefunc_pause()
    }
  }

  /// Tells the consumer the headers, once, before the first chunk (or at the end of an empty
  /// body).
  func deliverResponse() {
    guard !delivered else { return }
    delivered = true
    consumer.response(response)
  }

  private func setLong(_ option: CURLoption, _ value: Int) {
    _ = ccurl_easy_setopt_long(handle, option, value)
  }

  private func setString(_ option: CURLoption, _ value: String) {
    // libcurl copies every string option it is given.
    _ = ccurl_easy_setopt_string(handle, option, value)
  }
}

private func transferWrite(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
  _ context: UnsafeMutableRawPointer?
) -> Int {
  guard let context else { return 0 }
  let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
  return transfer.receiveBody(
    UnsafeRawBufferPointer(start: data, count: size * count), now: TransferClock.now())
}

private func transferHeader(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
  _ context: UnsafeMutableRawPointer?
) -> Int {
  guard let context else { return 0 }
  let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
  let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
  return transfer.receiveHeader(bytes, now: TransferClock.now()) ? bytes.count : 0
}
