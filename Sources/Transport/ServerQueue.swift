/// Which transfers may run to each server: at most `limit` at once to one server (its scheme,
/// host and port), the others waiting their turn in the order they were started, and no limit
/// once a server answered over HTTP/2 or later (its transfers then share one connection). A
/// pure value the loop's state consults, so its tests need no server.
///
/// Every part of Cascade that fetches (feeds, pictures, the probes of pictures' sizes) goes
/// through the one transport, so a server is asked by all of them together for no more than
/// `limit` transfers at once: the picture loader keeps to six a server of its own, the feeds
/// read together to six in all, and here the two are counted as one.
struct ServerQueue {
  /// Transfers at once to one server; nil for no limit.
  let limit: Int?
  private var running: [String: Int] = [:]
  private var waiting: [String: [UInt64]] = [:]
  private var multiplexing: Set<String> = []

  init(limit: Int?) {
    self.limit = limit
  }

  /// Whether transfer `id` to `server` may start now; when not, it waits (`ended` says when).
  mutating func admit(_ id: UInt64, to server: String) -> Bool {
    guard let limit, !multiplexing.contains(server),
      running[server, default: 0] >= limit || waiting[server] != nil
    else {
      running[server, default: 0] += 1
      return true
    }
    waiting[server, default: []].append(id)
    return false
  }

  /// A transfer to `server` that was running ended (over a connection that `multiplexed` or
  /// not): the transfers that start in its place, in order.
  mutating func ended(at server: String, multiplexed: Bool) -> [UInt64] {
    let left = running[server, default: 1] - 1
    running[server] = left > 0 ? left : nil
    if multiplexed { multiplexing.insert(server) }
    var started: [UInt64] = []
    while var queue = waiting[server], !queue.isEmpty,
      multiplexing.contains(server) || running[server, default: 0] < (limit ?? .max)
    {
      started.append(queue.removeFirst())
      waiting[server] = queue.isEmpty ? nil : queue
      running[server, default: 0] += 1
    }
    return started
  }

  /// Takes waiting transfer `id` out of the queue; false when it was not waiting.
  mutating func cancel(_ id: UInt64, at server: String) -> Bool {
    guard var queue = waiting[server], let index = queue.firstIndex(of: id) else { return false }
    queue.remove(at: index)
    waiting[server] = queue.isEmpty ? nil : queue
    return true
  }

  /// The transfers waiting, for the stop that cancels them.
  var allWaiting: [UInt64] { waiting.values.flatMap { $0 } }

  /// `url`'s server as transfers are counted by it: scheme, host and port, in lower case,
  /// without the user and password, and without the scheme's own port (`http://a:80` is the
  /// server `http://a` is, as libcurl's connections count it).
  static func server(of url: String) -> String {
    let lowered = url.lowercased()
    guard let scheme = lowered.firstRange(of: "://") else { return lowered }
    let rest = lowered[scheme.upperBound...]
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    var host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
    let name = lowered[..<scheme.lowerBound]
    let ownPort = name == "http" ? ":80" : name == "https" ? ":443" : nil
    if let ownPort, host.hasSuffix(ownPort) { host = host.dropLast(ownPort.count) }
    return String(lowered[..<scheme.upperBound]) + host
  }
}
