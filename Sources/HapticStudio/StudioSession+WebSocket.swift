import Dispatch
import HapticStudioCore
import HummingbirdWebSocket
import NIOCore

/// The session over its transport: a WebSocket of the studio's server (HapticStudioCore holds the session's requests,
/// replies and playback without the web stack; this is the part that needs it).
extension StudioSession {
    /// Serves the WebSocket until it closes, running requests on `worker`; `closeConnection` drops the connection
    /// (for a client that does not read its replies).
    ///
    /// - Throws: What ended the WebSocket abnormally (a message over the size cap, text that is not UTF-8), so that
    ///   the close frame carries its code (1009, 1007).
    package func run(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, worker: StudioWorker,
        closeConnection: @escaping @Sendable () -> Void
    ) async throws {
        let flow = StudioSessionFlow(limits: limits)
        let (replies, replySink) = AsyncStream<String>.makeStream()
        let (requests, requestSink) = AsyncStream<WebSocketMessage>.makeStream()
        known = await offPool(worker, timeLimit: limits.requestTimeLimit) { $0.outputs.list() } ?? []
        let playback = StudioPlayback(outputs: outputs, known: known) { event in
            let text = Self.push(event)
            if flow.admitPush(bytes: text.utf8.count) { replySink.yield(text) }
        }
        self.playback = playback
        registry.add(playback)
        defer { registry.remove(playback) }
        // One writer, so replies and pushes never interleave on the socket. A write that waits past the stuck
        // timeout (the client reads nothing) closes the connection; every later write then fails at once.
        let stuckTimeout = limits.stuckClientTimeout
        let writer = Task {
            for await text in replies {
                let bytes = text.utf8.count
                let watchdog = DispatchWorkItem(block: closeConnection)
                DispatchQueue.global().asyncAfter(deadline: .now() + StudioWorker.interval(stuckTimeout), execute: watchdog)
                try? await outbound.write(.text(text))
                watchdog.cancel()
                flow.written(bytes: bytes)
            }
        }
        // One request at a time, in the order read.
        let answering = Task {
            for await message in requests {
                let bytes = Self.size(of: message)
                let reply = await answer(message, playback: playback, worker: worker)
                flow.answered(bytes: bytes)
                flow.queued(bytes: reply.utf8.count)
                replySink.yield(reply)
            }
            await overrunning?.waitUntilDone()
        }
        var failure: (any Error)?
        do {
            var messages = inbound.messages(maxSize: limits.maxMessageBytes).makeAsyncIterator()
            while await flow.waitForRoom(), let message = try await messages.next() {
                flow.read(bytes: Self.size(of: message))
                requestSink.yield(message)
            }
        } catch {
            // A message over the size cap or a protocol error: the close frame says which.
            failure = error
        }
        // The page is gone: what it asked for and is not yet answered is not started.
        requestSink.finish()
        answering.cancel()
        await answering.value
        flow.close()
        playback.shutDown()
        replySink.finish()
        await writer.value
        if let failure { throw failure }
    }

    /// The reply to one message, run on `worker` within the time limit.
    private func answer(_ message: WebSocketMessage, playback: StudioPlayback, worker: StudioWorker) async -> String {
        guard case .text(let text) = message else {
            return StudioReply.failure(nil, "binary messages are not understood; send JSON text")
        }
        if let overrunning {
            await overrunning.waitUntilDone()
            self.overrunning = nil
        }
        // Reading the message is bounded by its size (the cap on messages), not by the time limit: a refusal for
        // running out of time carries the request's id, so the page knows which request it answers.
        let decoded = await offPool(worker, timeLimit: nil) { _ in Self.decode(text) }
        let message: StudioMessage
        switch decoded {
        case .success(let value)?: message = value
        case .failure(let refusal)?: return refusal.reply
        case nil: return StudioReply.failure(nil, "the message could not be read")
        }
        let reply = await offPool(worker, timeLimit: limits.requestTimeLimit) { session in session.reply(to: message, playback: playback) }
        return reply
            ?? StudioReply.failure(
                message.id,
                "'\(message.type)' took longer than \(limits.requestTimeLimit) and was given up on; try a smaller pattern or window")
    }

    /// Runs `work` on `worker`; `nil` when it outlived the time limit (the next request then waits for it).
    private func offPool<Value: Sendable>(
        _ worker: StudioWorker, timeLimit: Duration?, _ work: @escaping @Sendable (StudioSession) -> Value
    ) async -> Value? {
        switch await worker.perform(timeLimit: timeLimit, { work(self) }) {
        case .finished(let value): return value
        case .timedOut(let job):
            overrunning = job
            return nil
        }
    }

    private static func size(of message: WebSocketMessage) -> Int {
        switch message {
        case .text(let text): return text.utf8.count
        case .binary(let buffer): return buffer.readableBytes
        }
    }
}
