import HapticStudioCore
import Synchronization

/// Where the studio listens, once it does: the port is known only after binding (`--port 0` picks a free one), and
/// both the `Host` check and the WebSocket `Origin` check need it.
package final class StudioAddress: Sendable {
    private let boundPort = Atomic<Int>(0)

    /// Creates an address whose port is not known yet.
    package init() {}

    /// The port, or 0 before the server is bound.
    package var port: Int { boundPort.load(ordering: .acquiring) }

    /// Records the bound port.
    package func bind(port: Int) { boundPort.store(port, ordering: .releasing) }

    /// `http://127.0.0.1:<port>`: the page's origin, the only one allowed to open the WebSocket.
    package var origin: String { "http://127.0.0.1:\(port)" }

    /// The `Host` values a request may carry: the address itself, or `localhost` with the same port (a DNS-rebinding
    /// page has another host name).
    package func acceptsHost(_ host: String?) -> Bool {
        guard let host else { return false }
        return host == "127.0.0.1:\(port)" || host == "localhost:\(port)"
    }

    /// Whether `origin` is the page's own (`http://127.0.0.1:<port>`, or `http://localhost:<port>`).
    package func acceptsOrigin(_ origin: String?) -> Bool {
        guard let origin else { return false }
        return origin == self.origin || origin == "http://localhost:\(port)"
    }
}
