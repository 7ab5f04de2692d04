import Foundation
import HapticSystem
import HapticTestSupport

/// A TCP connection to the studio that sends exactly the bytes a test asks for — no browser or HTTP client to add
/// or fix headers — with HTTP requests, a WebSocket handshake and WebSocket frames built by hand.
///
/// The socket is non-blocking and waits by sleeping the task: a blocking `recv` would hold one of the few threads of
/// the concurrency pool that the server in the same process needs to answer.
final class RawConnection {
    /// A WebSocket frame as read.
    struct Frame {
        var opcode: UInt8
        var payload: [UInt8]
        var text: String { String(decoding: payload, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        // Non-blocking from the start: a connect that waits for the server to accept (a flood of connections fills
        // its backlog) would hold a thread of the concurrency pool that the server needs to accept; it blocked one for
        // two minutes (`connect: 110`) and the other studio tests' servers answered nothing meanwhile. A connection
        // still under way makes the first read or write wait (EAGAIN), and a refused one fails it with its errno.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 || errno == EINPROGRESS else {
            close(descriptor)
            throw Failure(description: "connect: \(errno)")
        }
    }

    /// How long any one read or write may wait: a minute. A test process's Swift concurrency pool has one thread a
    /// core (two here), which the server in this process and this connection's task share with every other test;
    /// under a CPU hog a reply had not come in 10 s (the read failed as `recv: errno 11`).
    private static func deadline() -> ContinuousClock.Instant { .now + waitLimit }

    /// ``deadline()``'s span.
    static let waitLimit: Duration = .seconds(60)

    /// Connections whose server pings this one answers while it waits for its own bytes. A browser answers pings on
    /// every socket at all times; a test that waits minutes for a reply on one socket leaves its others unread, and
    /// the server closes a socket whose ping has gone a minute unanswered ("Ping timeout", a close frame).
    var companions: [RawConnection] {
        get { companionReferences.compactMap(\.connection) }
        set { companionReferences = newValue.map { WeakConnection(connection: $0) } }
    }
    private var companionReferences: [WeakConnection] = []
    private struct WeakConnection { weak var connection: RawConnection? }

    /// Frames read off the socket while only its pings were being answered, for the next ``readFrame()``.
    private var unreadFrames: [Frame] = []

    deinit { close(descriptor) }

    /// Closes the socket without a WebSocket close frame (a browser that went away).
    func drop() { shutdown(descriptor, Int32(SHUT_RDWR)) }

    func send(_ bytes: [UInt8]) async throws {
        var offset = 0
        let deadline = Self.deadline()
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                guard ContinuousClock.now < deadline else {
                    throw Failure(description: "send: the server read nothing for \(Self.waitLimit) (EAGAIN)")
                }
                try await Task.sleep(for: .milliseconds(2))
                continue
            }
            guard written > 0 else { throw Failure(description: "send: errno \(errno)") }
            offset += written
        }
    }

    func send(_ text: String) async throws { try await send(Array(text.utf8)) }

    /// Reads until `count` bytes are buffered (or the peer closes: then fewer).
    private func fill(_ count: Int) async throws {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let deadline = Self.deadline()
        var companionsAnswered = ContinuousClock.now
        while buffer.count < count {
            let received = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if received < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                guard ContinuousClock.now < deadline else { throw Failure(description: Self.noReply) }
                if ContinuousClock.now - companionsAnswered > .milliseconds(100) {
                    for companion in companions { try await companion.answerPings() }
                    companionsAnswered = ContinuousClock.now
                }
                try await Task.sleep(for: .milliseconds(2))
                continue
            }
            if received < 0 { throw Failure(description: "recv: errno \(errno)") }
            if received == 0 { return }
            buffer += chunk[0..<received]
        }
    }

    private func take(_ count: Int) async throws -> [UInt8] {
        try await fill(count)
        guard buffer.count >= count else { throw Failure(description: "the connection closed") }
        let bytes = Array(buffer[0..<count])
        buffer.removeFirst(count)
        return bytes
    }

    /// The status code and the head of an HTTP response (the body is left unread).
    func readResponseHead() async throws -> (status: Int, head: String) {
        while true {
            if let end = findHeadEnd() {
                let head = String(decoding: buffer[0..<end], as: UTF8.self)
                buffer.removeFirst(end + 4)
                let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
                return (status, head)
            }
            let before = buffer.count
            try await fill(before + 1)
            if buffer.count == before { throw Failure(description: "the connection closed before a response") }
        }
    }

    private func findHeadEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// Sends a GET and returns the status.
    func get(_ target: String, host: String, extraHeaders: [String] = []) async throws -> Int {
        let lines = ["GET \(target) HTTP/1.1", "Host: \(host)", "Connection: close"] + extraHeaders
        try await send(lines.joined(separator: "\r\n") + "\r\n\r\n")
        return try await readResponseHead().status
    }

    /// Sends a WebSocket handshake and returns the status (101 when upgraded).
    func upgrade(_ target: String, host: String, origin: String?) async throws -> Int {
        var lines = [
            "GET \(target) HTTP/1.1", "Host: \(host)", "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
        ]
        if let origin { lines.append("Origin: \(origin)") }
        try await send(lines.joined(separator: "\r\n") + "\r\n\r\n")
        return try await readResponseHead().status
    }

    /// Sends one masked text frame (a client's frames are masked).
    func sendText(_ text: String) async throws { try await sendFrame(opcode: 0x1, Array(text.utf8)) }

    /// Sends one masked, final frame with `opcode` (0x1 text, 0xA pong, …).
    func sendFrame(opcode: UInt8, _ payload: [UInt8]) async throws {
        var frame: [UInt8] = [0x80 | opcode]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count < 65_536 {
            frame.append(0x80 | 126)
            frame += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8((payload.count >> shift) & 0xFF)) }
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try await send(frame)
    }

    /// What a read that waited ``waitLimit`` for the server in vain throws.
    static let noReply = "recv: nothing from the server for \(waitLimit) (EAGAIN)"

    /// Answers the pings that have arrived, without waiting: the other frames read are kept for ``readFrame()``.
    func answerPings() async throws {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let received = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard received > 0 else { break }  // nothing more now, or closed: the next read says which
            buffer += chunk[0..<received]
        }
        while let frame = bufferedFrame() {
            if frame.opcode == 0x9 {
                try await sendFrame(opcode: 0xA, frame.payload)
            } else {
                unreadFrames.append(frame)
            }
        }
    }

    /// The first whole frame in the buffer, taken out of it; `nil` while it is incomplete.
    private func bufferedFrame() -> Frame? {
        guard buffer.count >= 2 else { return nil }
        var length = Int(buffer[1] & 0x7F)
        var start = 2
        if length == 126 {
            guard buffer.count >= 4 else { return nil }
            length = Int(buffer[2]) << 8 | Int(buffer[3])
            start = 4
        } else if length == 127 {
            guard buffer.count >= 10 else { return nil }
            length = buffer[2..<10].reduce(0) { $0 << 8 | Int($1) }
            start = 10
        }
        guard buffer.count >= start + length else { return nil }
        let frame = Frame(opcode: buffer[0] & 0x0F, payload: Array(buffer[start..<(start + length)]))
        buffer.removeFirst(start + length)
        return frame
    }

    /// Reads one frame from the server.
    func readFrame() async throws -> Frame {
        if !unreadFrames.isEmpty { return unreadFrames.removeFirst() }
        let head = try await take(2)
        var length = Int(head[1] & 0x7F)
        if length == 126 {
            let bytes = try await take(2)
            length = Int(bytes[0]) << 8 | Int(bytes[1])
        } else if length == 127 {
            length = try await take(8).reduce(0) { $0 << 8 | Int($1) }
        }
        return Frame(opcode: head[0] & 0x0F, payload: try await take(length))
    }

    /// Sends a request and returns the reply with its `id` (pushes in between are skipped).
    func request(_ json: [String: Any]) async throws -> [String: Any] {
        let id = json["id"] as? Int ?? 0
        let data = try JSONSerialization.data(withJSONObject: json)
        try await sendText(String(decoding: data, as: UTF8.self))
        return try await reply(id: id)
    }

    /// The next reply with `id` (`nil` id: the next reply without one).
    func reply(id: Int?) async throws -> [String: Any] {
        while true {
            let frame = try await readFrame()
            // The server pings a quiet connection (slow under sanitizers): answer as a browser does, and go on.
            if frame.opcode == 0x9 {
                try await sendFrame(opcode: 0xA, frame.payload)
                continue
            }
            if frame.opcode == 0xA { continue }
            guard frame.opcode == 1 else { throw Failure(description: "frame with opcode \(frame.opcode)") }
            guard let object = try JSONSerialization.jsonObject(with: Data(frame.payload)) as? [String: Any] else { continue }
            if object["push"] != nil { continue }
            if (object["id"] as? Int) == id { return object }
        }
    }
}
