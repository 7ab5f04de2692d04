import HapticStudioCore
import NIOCore

/// Closes a WebSocket whose client sends an unmasked frame, with close code 1002 (protocol error), as RFC 6455
/// §5.1 requires of a server — neither NIO's frame decoder nor Hummingbird checks it.
///
/// It sits in front of the frame decoder and reads the bytes as they come: it follows each frame's header (2 to 14
/// bytes) and skips its payload by count, so it copies nothing and holds at most one partial header. Added when an
/// upgrade is accepted (``StudioServer``), after the HTTP handlers, so the WebSocket decoder the upgrade adds next
/// comes after it and it sees only the bytes after the handshake.
internal final class WebSocketMaskGate: ChannelInboundHandler, RemovableChannelHandler {
    internal typealias InboundIn = ByteBuffer
    internal typealias InboundOut = ByteBuffer
    internal typealias OutboundOut = ByteBuffer

    /// The bytes of the current frame's header read so far.
    private var header: [UInt8] = []
    /// The payload bytes of the current frame still to come.
    private var payloadLeft: UInt64 = 0
    private var refused = false

    internal init() {
        header.reserveCapacity(14)
    }

    internal func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if refused { return }
        let buffer = unwrapInboundIn(data)
        var index = buffer.readerIndex
        let end = buffer.writerIndex
        while index < end {
            if payloadLeft > 0 {
                let skip = Swift.min(UInt64(end - index), payloadLeft)
                payloadLeft -= skip
                index += Int(skip)
                continue
            }
            header.append(buffer.getInteger(at: index, as: UInt8.self) ?? 0)
            index += 1
            guard header.count >= 2 else { continue }
            guard header[1] & 0x80 != 0 else { return refuse(context: context) }
            let shortLength = header[1] & 0x7F
            let lengthBytes = shortLength == 127 ? 8 : shortLength == 126 ? 2 : 0
            guard header.count == 2 + lengthBytes + 4 else { continue }
            payloadLeft = lengthBytes == 0 ? UInt64(shortLength) : header[2..<(2 + lengthBytes)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            header.removeAll(keepingCapacity: true)
        }
        context.fireChannelRead(data)
    }

    /// Sends close 1002 with its reason straight to the socket (a server's frames are not masked) and closes.
    private func refuse(context: ChannelHandlerContext) {
        refused = true
        let reason = "client frames must be masked (RFC 6455 5.1)"
        var frame = context.channel.allocator.buffer(capacity: 4 + reason.utf8.count)
        frame.writeInteger(UInt8(0x88))
        frame.writeInteger(UInt8(2 + reason.utf8.count))
        frame.writeInteger(UInt16(1002))
        frame.writeString(reason)
        let channel = context.channel  // Sendable, unlike the context the completion may outlive
        context.writeAndFlush(wrapOutboundOut(frame)).whenComplete { _ in channel.close(promise: nil) }
    }
}
