import HapticRender
import HapticStudioCore
import HapticSystem
import NIOCore

/// The count of connections the studio serves at once, against ``StudioLimits/maxConnections``.
///
/// With the usual soft limit of 1 024 descriptors, ~1 100 local connections that each sent half a request head
/// exhausted the process's descriptors and took the studio down (libdispatch trapped when it could not get one).
/// Now a connection beyond the cap is closed as soon as it is accepted, the soft limit is raised to the hard one at
/// start (``DescriptorLimit``), and a connection that does not finish its first request head in time is closed
/// (``UpgradeGate``).
///
///     let connections = StudioConnections(limit: 64)
///     if !connections.admit(channel) {
///         try channel.pipeline.syncOperations.addHandler(StudioConnections.Refusal(), position: .first)
///     }
package final class StudioConnections: Sendable {
    private let served = LockedState(0)
    private let limit: Int

    /// A count capped at `limit`.
    package init(limit: Int) {
        self.limit = limit
    }

    /// Counts `channel` in until it closes and returns `true`, or `false` when the cap is reached (the caller closes
    /// it).
    package func admit(_ channel: any Channel) -> Bool {
        let admitted = served.withLock { served in
            guard served < limit else { return false }
            served += 1
            return true
        }
        guard admitted else { return false }
        channel.closeFuture.whenComplete { [served] _ in served.withLock { $0 -= 1 } }
        return true
    }

    /// Closes a connection over the cap as soon as it is active: an accepted channel is set up before it is
    /// registered, when closing it would not reach the socket.
    internal final class Refusal: ChannelInboundHandler, RemovableChannelHandler {
        internal typealias InboundIn = ByteBuffer

        internal func handlerAdded(context: ChannelHandlerContext) {
            if context.channel.isActive { context.close(promise: nil) }
        }

        internal func channelActive(context: ChannelHandlerContext) {
            context.close(promise: nil)
        }

        internal func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
    }

    /// The connections open now.
    package var count: Int { served.withLock { $0 } }
}
