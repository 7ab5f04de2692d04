import HapticRender
import HapticSystem

/// How much one session holds for its client: the requests read but not yet answered, and the reply bytes queued
/// but not yet written to the socket — and the one place the session's reader waits for room.
///
/// A client that sends requests and never reads the replies used to grow the server by a reply per request, never
/// returned. Now the reader reads a request only while there is room (``waitForRoom()``): fewer than
/// ``StudioLimits/maxPendingRequests`` unanswered (and their text under ``StudioLimits/maxMessageBytes``), and at
/// most ``StudioLimits/maxQueuedReplyBytes`` queued. Past that the session stops reading — the socket's buffers fill
/// and the client's sends block (TCP's backpressure) — until the writer has written enough. A client that never
/// reads is closed by the writer's stuck timeout; ``close()`` then wakes the reader for good.
///
///     let flow = StudioSessionFlow(limits: limits)
///     while await flow.waitForRoom(), let message = try await messages.next() {
///         flow.read(bytes: size)   // … answered later: flow.answered(bytes: size); flow.queued(bytes: reply)
///     }
package final class StudioSessionFlow: Sendable {
    private struct State {
        var pendingRequests = 0
        var pendingRequestBytes = 0
        var queuedBytes = 0
        var isClosed = false
        var reader: CheckedContinuation<Bool, Never>?
    }

    private let state = LockedState(State())
    private let limits: StudioLimits

    /// A flow under `limits`.
    package init(limits: StudioLimits) {
        self.limits = limits
    }

    /// Returns `true` once another request may be read, `false` once the session is closed.
    package func waitForRoom() async -> Bool {
        await withCheckedContinuation { continuation in
            let now: Bool? = state.withLock { state in
                if state.isClosed { return false }
                if hasRoom(state) { return true }
                state.reader = continuation
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
    }

    /// A request of `bytes` was read.
    package func read(bytes: Int) {
        state.withLock { state in
            state.pendingRequests += 1
            state.pendingRequestBytes += bytes
        }
    }

    /// The request of `bytes` was answered.
    package func answered(bytes: Int) {
        update { state in
            state.pendingRequests -= 1
            state.pendingRequestBytes -= bytes
        }
    }

    /// Whether a push (a playback event, which the client may do without) of `bytes` fits: pushes stop at twice the
    /// reply budget, so a looping playback cannot fill a session whose client went quiet.
    package func admitPush(bytes: Int) -> Bool {
        state.withLock { state in
            guard !state.isClosed, state.queuedBytes + bytes <= 2 * limits.maxQueuedReplyBytes else { return false }
            state.queuedBytes += bytes
            return true
        }
    }

    /// A reply of `bytes` was queued for the writer.
    package func queued(bytes: Int) {
        state.withLock { $0.queuedBytes += bytes }
    }

    /// The writer is done with `bytes` (written, or dropped on a closed socket).
    package func written(bytes: Int) {
        update { $0.queuedBytes -= bytes }
    }

    /// The bytes queued and not yet written (for tests and diagnostics).
    package var queuedBytes: Int { state.withLock { $0.queuedBytes } }

    /// Wakes the reader for good: the session is over.
    package func close() {
        let reader = state.withLock { state in
            state.isClosed = true
            return state.reader.take()
        }
        reader?.resume(returning: false)
    }

    private func update(_ change: (inout State) -> Void) {
        let reader = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            change(&state)
            guard state.reader != nil, hasRoom(state) else { return nil }
            return state.reader.take()
        }
        reader?.resume(returning: true)
    }

    private func hasRoom(_ state: State) -> Bool {
        guard state.queuedBytes <= limits.maxQueuedReplyBytes else { return false }
        if state.pendingRequests == 0 { return true }
        return state.pendingRequests < limits.maxPendingRequests && state.pendingRequestBytes < limits.maxMessageBytes
    }
}
