import BrowserCore
import Locking
import PictureKit

/// Results of effects waiting for the main thread, as events.
final class Mailbox: Sendable {
  private let inbox = Locked<[Event]>([])

  func post(_ event: Event) {
    inbox.withLock { $0.append(event) }
  }

  func take() -> [Event] {
    inbox.withLock { inbox in
      defer { inbox.removeAll() }
      return inbox
    }
  }
}
