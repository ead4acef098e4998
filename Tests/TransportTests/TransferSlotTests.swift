import Foundation
import TestSupport
import Testing

@testable import Transport

/// A cancel that comes before the transfer's handle is kept, or after: either way the transfer
/// stops.
@Suite struct TransferSlotTests {
  /// A transfer that would wait a minute for the rest of its body, and its recorder.
  private func stalled(_ transport: Transport, _ server: TestHTTPServer) -> (
    Recorder, TransferHandle
  ) {
    server.route(
      "/half", reply: .stallAfter(body: [UInt8](repeating: 7, count: 1000), declaredLength: 2000))
    let recorder = Recorder()
    let handle = transport.start(
      TransferRequest(
        url: server.url("/half"), userAgent: "t", limits: TransferLimits(idleTimeout: 60)),
      consumer: recorder.consumer)
    return (recorder, handle)
  }

  @Test(arguments: [true, false])
  func aCancelStopsTheTransferWhetherItComesFirstOrNot(cancelFirst: Bool) async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let transport = try #require(Transport())
    defer { transport.shutdown() }
    let (recorder, handle) = stalled(transport, server)
    let slot = TransferSlot()
    if cancelFirst {
      slot.cancel()
      #expect(slot.handle == nil)
      slot.attach(handle)
    } else {
      slot.attach(handle)
      try await waitUntil { recorder.byteCount > 0 }
      slot.cancel()
    }
    #expect(slot.handle == handle)
    try await waitUntil { recorder.isFinished }
    guard case .cancelled = recorder.error else {
      Issue.record("expected cancelled, got \(String(describing: recorder.result))")
      return
    }
  }
}
