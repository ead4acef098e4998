import Foundation
import Locking
import Testing

@testable import Transport

/// A consumer that keeps what a transfer delivered, for tests to wait on and inspect.
final class Recorder: @unchecked Sendable {
  private struct State {
    var bytes: [UInt8] = []
    var chunks = 0
    var response: TransferResponse?
    var result: Result<TransferResponse, TransferError>?
    var pauseNext = false
    var finishedAt: ContinuousClock.Instant?
  }

  private let state = Locked(State())

  /// Answers the next chunk with `.pause`.
  func pauseAtNextChunk() { state.withLock { $0.pauseNext = true } }

  var consumer: TransferConsumer {
    TransferConsumer(
      response: { response in self.state.withLock { $0.response = response } },
      chunk: { chunk in
        self.state.withLock { state in
          if state.pauseNext {
            state.pauseNext = false
            return .pause
          }
          state.bytes.append(contentsOf: chunk)
          state.chunks += 1
          return .accepted
        }
      },
      finish: { result in
        let now = ContinuousClock.now
        self.state.withLock { state in
          state.result = result
          state.finishedAt = now
        }
      })
  }

  var bytes: [UInt8] { state.withLock { $0.bytes } }
  var byteCount: Int { state.withLock { $0.bytes.count } }
  var chunks: Int { state.withLock { $0.chunks } }
  var response: TransferResponse? { state.withLock { $0.response } }
  var result: Result<TransferResponse, TransferError>? { state.withLock { $0.result } }
  var isFinished: Bool { result != nil }

  /// Seconds from `start` to the end of the transfer, as the transport's thread saw it: a test
  /// whose task waits for a busy thread pool does not add that wait.
  func seconds(since start: ContinuousClock.Instant) -> Double {
    guard let end = state.withLock({ $0.finishedAt }) else { return .infinity }
    let elapsed = end - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  var error: TransferError? {
    guard case .failure(let error) = result else { return nil }
    return error
  }
}
