/// What `y` and `Y` copy of the selected item.
public enum CopyTarget: Hashable, Sendable {
  /// `y`: the image URL.
  case image
  /// `Y`: the link.
  case link

  var name: String {
    switch self {
    case .image: "image URL"
    case .link: "link"
    }
  }
}
