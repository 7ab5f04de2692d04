import HTTPTypes
import HapticStudioCore

/// The checks every request passes before anything else runs, HTTP and WebSocket upgrades alike: the request
/// target's length, the `Host` (against DNS rebinding), and the token; upgrades also need the page's `Origin`.
package struct StudioAccess: Sendable {
    /// Why a request is refused.
    package struct Refusal: Sendable, Error {
        /// The HTTP status: 401 without a token, 403 for a wrong token, host or origin, 413/414 for sizes.
        package var status: HTTPResponse.Status
        /// What to tell the client.
        package var message: String
    }

    /// The run's token.
    package let token: StudioToken
    /// The bound address.
    package let address: StudioAddress
    /// The caps.
    package let limits: StudioLimits

    /// Creates the checks.
    package init(token: StudioToken, address: StudioAddress, limits: StudioLimits) {
        self.token = token
        self.address = address
        self.limits = limits
    }

    /// What the checks look at in a request, from either HTTP stack (Hummingbird's `HTTPRequest`, NIO's head).
    package struct Facts: Sendable {
        /// The request target (path and query).
        package var target: String
        /// The `Host` header (HTTP/1's authority).
        package var host: String?
        /// The `Origin` header.
        package var origin: String?
        /// The `Content-Length` header, when numeric.
        package var contentLength: Int?
        /// Whether a `Transfer-Encoding` header is present (a streamed body).
        package var hasTransferEncoding: Bool
        /// How many `Host` headers the request has (more than one is refused: which one a proxy or a check reads is
        /// anyone's guess).
        package var hostCount: Int

        /// Facts of a request.
        package init(
            target: String, host: String?, origin: String?, contentLength: Int?, hasTransferEncoding: Bool, hostCount: Int? = nil
        ) {
            self.target = target
            self.host = host
            self.hostCount = hostCount ?? (host == nil ? 0 : 1)
            self.origin = origin
            self.contentLength = contentLength
            self.hasTransferEncoding = hasTransferEncoding
        }

        /// The facts of a Hummingbird request head.
        package init(_ head: HTTPRequest) {
            self.init(
                target: head.path ?? "/", host: head.authority, origin: head.headerFields[.origin],
                contentLength: head.headerFields[.contentLength].flatMap { Int($0) },
                hasTransferEncoding: head.headerFields[.transferEncoding] != nil,
                // HTTPTypes keeps the first Host as the authority and any further ones as fields.
                hostCount: (head.authority == nil ? 0 : 1) + head.headerFields[values: Self.host].count)
        }

        private static let host = HTTPField.Name("Host")!
    }

    /// Checks a request head; `nil` means it may go on.
    package func refusal(for head: HTTPRequest) -> Refusal? { refusal(for: Facts(head)) }

    /// Checks a request; `nil` means it may go on.
    package func refusal(for request: Facts) -> Refusal? {
        let target = request.target
        guard request.hostCount <= 1 else {
            return Refusal(status: .badRequest, message: "the request has \(request.hostCount) Host headers; send exactly one")
        }
        guard target.utf8.count <= limits.maxTargetBytes else {
            return Refusal(status: .uriTooLong, message: "the request target is longer than \(limits.maxTargetBytes) bytes")
        }
        guard address.acceptsHost(request.host) else {
            return Refusal(status: .forbidden, message: "wrong Host header: the studio answers only to 127.0.0.1:\(address.port)")
        }
        guard let given = Self.queryValue("token", in: target) else {
            return Refusal(status: .unauthorized, message: "missing token: open the URL the studio printed, with its ?token=")
        }
        guard token.matches(given) else {
            return Refusal(status: .forbidden, message: "wrong token: open the URL this run of the studio printed")
        }
        if let length = request.contentLength, length > limits.maxRequestBodyBytes {
            return Refusal(status: .contentTooLarge, message: "request bodies over \(limits.maxRequestBodyBytes) bytes are refused")
        }
        if request.hasTransferEncoding, limits.maxRequestBodyBytes == 0 {
            return Refusal(status: .contentTooLarge, message: "request bodies are refused")
        }
        return nil
    }

    /// The path part of a request target (`/ws?token=…` → `/ws`).
    package static func path(of target: String) -> String {
        String(target.prefix { $0 != "?" && $0 != "#" })
    }

    /// The first value of `name` in a request target's query, as written (tokens are hexadecimal: nothing to decode).
    package static func queryValue(_ name: String, in target: String) -> Substring? {
        guard let mark = target.firstIndex(of: "?") else { return nil }
        let query = target[target.index(after: mark)...].prefix { $0 != "#" }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.first == Substring(name) { return parts.count > 1 ? parts[1] : "" }
        }
        return nil
    }

    /// Checks a WebSocket upgrade: everything ``refusal(for:)`` checks, the path `/ws`, and the page's `Origin`.
    package func upgradeRefusal(for head: HTTPRequest) -> Refusal? { upgradeRefusal(for: Facts(head)) }

    /// Checks a WebSocket upgrade request.
    package func upgradeRefusal(for request: Facts) -> Refusal? {
        if let refusal = refusal(for: request) { return refusal }
        guard Self.path(of: request.target) == "/ws" else {
            return Refusal(status: .notFound, message: "WebSocket connections go to /ws")
        }
        guard address.acceptsOrigin(request.origin) else {
            return Refusal(
                status: .forbidden,
                message: "WebSocket refused: its Origin (\(request.origin ?? "none")) is not the studio's own (\(address.origin))")
        }
        return nil
    }
}
