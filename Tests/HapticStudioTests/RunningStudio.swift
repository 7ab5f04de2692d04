import Foundation
import HapticStudio
import Synchronization

/// A real studio server on 127.0.0.1 and a free port, serving a temporary folder, for the length of a test.
final class RunningStudio {
    let server: StudioServer
    let folder: URL
    let port: Int
    let token: String
    private let task: Task<Void, any Error>

    /// Starts a server on `folder` with `device` as its first output and small caps (so the oversized cases are quick).
    init(folder: URL, device: String = "null", limits: StudioLimits = RunningStudio.testLimits) async throws {
        self.folder = folder
        let token = StudioToken()
        let server = try StudioServer(
            configuration: StudioServer.Configuration(
                folder: folder.path, port: 0, deviceID: device, limits: limits, token: token,
                outputSources: [DeviceOutputSource(commandLineID: device)]))
        let (urls, sink) = AsyncStream<String>.makeStream()
        task = Task { try await server.run { sink.yield($0) } }
        var iterator = urls.makeAsyncIterator()
        guard let url = await iterator.next(), let components = URLComponents(string: url), let port = components.port else {
            task.cancel()
            throw RawConnection.Failure(description: "the server did not report its URL")
        }
        self.server = server
        self.port = port
        self.token = token.value
    }

    deinit { task.cancel() }

    static var testLimits: StudioLimits {
        var limits = StudioLimits()
        limits.maxMessageBytes = 256 << 10
        // A test that is not about these deadlines sends its head, and reads its replies, when its task runs, which a
        // loaded machine can delay past the usual 10 s and 20 s: the server then closed the connection and the test's
        // next write failed (`send: errno 32`). The tests of the deadlines set their own.
        limits.requestHeadTimeout = .seconds(120)
        limits.stuckClientTimeout = .seconds(120)
        // The same for pings: a test reads one socket at a time, and under AddressSanitizer with every core busy a
        // socket it was not reading missed a ping for a whole period (the server closed it, "frame with opcode 8").
        limits.pingInterval = .seconds(300)
        return limits
    }

    var host: String { "127.0.0.1:\(port)" }
    var origin: String { "http://127.0.0.1:\(port)" }

    /// A new connection.
    func connect() throws -> RawConnection { try RawConnection(port: port) }

    /// A new, upgraded WebSocket from the page's own origin.
    func webSocket() async throws -> RawConnection {
        let connection = try connect()
        let status = try await connection.upgrade("/ws?token=\(token)", host: host, origin: origin)
        guard status == 101 else { throw RawConnection.Failure(description: "upgrade refused with \(status)") }
        return connection
    }

    /// Whether the server still answers the page with its token.
    func stillServes() async throws -> Bool {
        try await connect().get("/?token=\(token)", host: host) == 200
    }
}
