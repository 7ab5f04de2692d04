// A stand-in for Apple's WatchConnectivity, for the compatibility corpus gate only (.ci/corpus.sh). Nothing here
// plays haptics.

/// The session between a watch app and its phone app.
open class WCSession {
    /// The shared session.
    public static let `default` = WCSession()

    /// The messages sent, oldest first.
    public private(set) var sentMessages: [[String: Any]] = []

    /// Creates a session.
    public init() {}

    /// Sends a message; the counterpart here answers at once with an empty reply (no "failed" field).
    open func sendMessage(
        _ message: [String: Any], replyHandler: (([String: Any]) -> Void)?, errorHandler: ((any Error) -> Void)? = nil
    ) {
        sentMessages.append(message)
        replyHandler?([:])
    }
}
