import HapticStudioCore
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

/// Answers a WebSocket upgrade that ``StudioAccess`` refuses with its own status — 401 without the token, 403 for a
/// wrong token or a foreign `Origin` — before Hummingbird's upgrade handler sees it (which answers every refused
/// upgrade with a bare 400). It looks at the first request of a connection only, then steps out of the pipeline;
/// requests that are not upgrades go on to ``StudioResponder``, which checks them itself.
///
/// It also closes a connection whose first request head is not complete within ``StudioLimits/requestHeadTimeout``
/// (a flood of half-sent heads held descriptors forever); after the first request, Hummingbird's idle timeout and
/// the WebSocket's pings take over.
final class UpgradeGate: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let access: StudioAccess
    private let headTimeout: Duration
    private var refusing = false
    private var headDeadline: Scheduled<Void>?

    init(access: StudioAccess) {
        self.access = access
        self.headTimeout = access.limits.requestHeadTimeout
    }

    internal func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        headDeadline = context.eventLoop.scheduleTask(in: .nanoseconds(headTimeout.clampedNanoseconds)) { channel.close(promise: nil) }
    }

    internal func handlerRemoved(context: ChannelHandlerContext) {
        headDeadline?.cancel()
        headDeadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // The rest of a refused request is dropped; the connection closes once the refusal is written.
        if refusing { return }
        if case .head = unwrapInboundIn(data) {
            headDeadline?.cancel()
            headDeadline = nil
        }
        guard case .head(let head) = unwrapInboundIn(data), head.headers.contains(name: "upgrade") else {
            context.fireChannelRead(data)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        }
        let facts = StudioAccess.Facts(
            target: head.uri, host: head.headers.first(name: "host"), origin: head.headers.first(name: "origin"),
            contentLength: head.headers.first(name: "content-length").flatMap { Int($0) },
            hasTransferEncoding: head.headers.contains(name: "transfer-encoding"), hostCount: head.headers["host"].count)
        guard let refusal = access.upgradeRefusal(for: facts) else {
            context.fireChannelRead(data)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        }
        refusing = true
        var body = context.channel.allocator.buffer(capacity: refusal.message.utf8.count)
        body.writeString(refusal.message)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        headers.add(name: "Connection", value: "close")
        let status = HTTPResponseStatus(statusCode: refusal.status.code)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let channel = context.channel  // Sendable, unlike the context the completion may outlive
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}

/// Hummingbird's HTTP/1 channel with WebSocket upgrades, with an ``UpgradeGate`` after the request decoder, for
/// connections within the cap (``StudioConnections``; one beyond it is closed at once).
struct GatedUpgradeChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    let inner: HTTP1WebSocketUpgradeChannel
    let access: StudioAccess
    let connections: StudioConnections

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let admitted = connections.admit(channel)
        return inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            // Closed once active, not by failing the setup: a failed setup reaches the server's accept loop as an
            // error and ends it.
            guard admitted else {
                try channel.pipeline.syncOperations.addHandler(StudioConnections.Refusal(), position: .first)
                return value
            }
            let decoder = try channel.pipeline.syncOperations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try channel.pipeline.syncOperations.addHandler(UpgradeGate(access: access), position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
