/// The size caps of the studio's server: every request and every message is bounded, so a hostile page or local
/// process cannot make it read or allocate without limit.
package struct StudioLimits: Sendable {
    /// The longest request target (path and query), bytes: longer requests get 414.
    package var maxTargetBytes = 4_096
    /// The largest request body, bytes: the server's HTTP routes take none, so anything larger gets 413.
    package var maxRequestBodyBytes = 0
    /// The largest WebSocket message (and frame), bytes: a pattern of up to the reader's 16 MiB file limit would not
    /// fit, but a designer's pattern is kilobytes; larger messages close the socket with 1009 (message too big).
    package var maxMessageBytes = 4 << 20
    /// The most columns a timeline analysis may ask for.
    package var maxColumns = 8_192
    /// The most files a folder listing returns.
    package var maxListedFiles = 5_000
    /// The deepest subfolder a folder listing looks into.
    package var maxListingDepth = 4

    // Connections: a flood of local connections must not take the descriptors (or the page) down.

    /// The most connections served at once (HTTP and WebSocket); a connection beyond it is closed at once.
    package var maxConnections = 64
    /// How long a new connection may take to send its first request head before it is closed.
    package var requestHeadTimeout: Duration = .seconds(10)
    /// How long an HTTP connection may sit idle between requests before it is closed.
    package var idleTimeout: Duration = .seconds(30)
    /// How often the server pings an open page; a page that has not answered one ping by the next is closed
    /// ("Ping timeout"), so a tab that vanished without a close frame does not hold its session.
    package var pingInterval: Duration = .seconds(30)

    // Sessions: one page's work must neither stall the others nor grow the server.

    /// The most bytes of replies and pushes a session may have queued for a client that is not reading them; past
    /// it the session stops reading that client's requests until the client catches up.
    package var maxQueuedReplyBytes = 1 << 20
    /// How long a session may stay over ``maxQueuedReplyBytes`` (its client not reading) before it is closed.
    package var stuckClientTimeout: Duration = .seconds(20)
    /// The most requests a session reads ahead of the one being answered (they are answered in order).
    package var maxPendingRequests = 8
    /// How long one request (an analysis, a take, an import) may run before it is answered with an error.
    package var requestTimeLimit: Duration = .seconds(60)
    /// The most entries (events and curves) a pattern may have for analysis or playing.
    package var maxPatternEntries = 100_000
    /// The threads that run requests, outside Swift's concurrency pool.
    package var workerThreads = 4

    /// The defaults.
    package init() {}

    /// The defaults.
    package static let `default` = StudioLimits()
}

extension Duration {
    /// The duration in nanoseconds, clamped to 0 … one day: the one conversion of the limits' durations for NIO's
    /// `TimeAmount` and Dispatch's intervals.
    package var clampedNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        guard seconds < 86_400 else { return 86_400 * 1_000_000_000 }
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
