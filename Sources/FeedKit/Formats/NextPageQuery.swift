import FoundationEssentials

/// The next page of the APIs that page by a token or an offset in the query of the same URL
/// (Reddit's `after`, Giphy's `offset`, Tenor's `pos`): the page's URL with that one parameter
/// set and the others kept.
enum NextPageQuery {
  /// `source` with `name` set to `value`; nil when the page was not fetched over HTTP(S) (a
  /// saved answer in a file has no next page to fetch).
  static func url(_ source: String, setting name: String, to value: String) -> String? {
    guard var components = URLComponents(string: source),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else { return nil }
    var query = (components.queryItems ?? []).filter { $0.name != name }
    query.append(URLQueryItem(name: name, value: value))
    components.queryItems = query
    return components.string
  }
}
