import PictureKit

/// A disk cache at its standard place under `$XDG_CACHE_HOME/cascade`, or nothing and why:
/// the pictures' and the feed pages' alike. A folder refused (a link, another user's, one that
/// cannot be made) is said on standard error before the browser takes the terminal, and stays
/// there after it; that run keeps nothing there.
enum CacheFolder {
  /// The cache in `folder`, `budget` bytes; nil without a home, or refused (said, naming the
  /// cache as `cache` and what it keeps as `keeps`).
  static func opened(
    _ folder: String, budget: Int, environment: [String: String], cache: String, keeps: String
  ) -> PictureDiskCache? {
    switch PictureDiskCache.standard(budget: budget, environment: environment, folder: folder) {
    case .success(let opened): return opened
    case .failure(let refusal):
      Console.error(refusal.description(cache: cache, keeps: keeps))
      return nil
    case nil: return nil
    }
  }
}
