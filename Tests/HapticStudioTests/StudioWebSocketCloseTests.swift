import Foundation
import HapticTestSupport
import Testing

/// RFC 6455's close codes for what a client must not send, against the real server, each followed by a socket that is
/// served (only the offending socket closes).
@Suite(.serialized) struct StudioWebSocketCloseTests {
    @Test func aFragmentedMessageOverTheCapClosesWith1009() async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let studio = try await RunningStudio(folder: folder)
        let socket = try await studio.webSocket()
        // Each frame is under the 256 KiB cap; the message they make is not.
        let half = [UInt8](repeating: UInt8(ascii: "x"), count: 150 << 10)
        try await socket.sendFrame(opcode: 1, half, fin: false)
        try await socket.sendFrame(opcode: 0, half, fin: true)
        #expect(try await socket.closeCode() == 1009)
        let other = try await studio.webSocket()
        #expect(try await other.request(["id": 1, "type": "hello"])["ok"] as? Bool == true)
    }

    @Test func aPageThatAnswersNoPingIsClosedAndItsSessionEnds() async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var limits = RunningStudio.testLimits
        limits.pingInterval = .seconds(1)
        let studio = try await RunningStudio(folder: folder, limits: limits)
        let socket = try await studio.webSocket()
        #expect(try await socket.request(["id": 1, "type": "hello"])["ok"] as? Bool == true)
        #expect(studio.server.playbacks.count == 1)
        // A tab that vanished without a close frame: its pings go unanswered (closeCode() reads past them).
        #expect(try await socket.closeCode() != nil, "closed with a close frame after a ping went unanswered")
        let deadline = ContinuousClock.now + .seconds(300)
        while studio.server.playbacks.count > 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(studio.server.playbacks.count == 0, "the session of the silent page ended")
        let other = try await studio.webSocket()
        #expect(try await other.request(["id": 1, "type": "hello"])["ok"] as? Bool == true)
    }

    @Test func textThatIsNotUTF8ClosesWith1007() async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let studio = try await RunningStudio(folder: folder)
        let socket = try await studio.webSocket()
        try await socket.sendFrame(opcode: 1, Array(#"{"id": 1, "type": "hello", "x": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8))
        #expect(try await socket.closeCode() == 1007)
        let other = try await studio.webSocket()
        #expect(try await other.request(["id": 1, "type": "hello"])["ok"] as? Bool == true)
    }

    @Test func anUnmaskedClientFrameClosesWith1002() async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let studio = try await RunningStudio(folder: folder)
        let socket = try await studio.webSocket()
        // A masked request first: the gate follows frame boundaries, then refuses the unmasked one.
        #expect(try await socket.request(["id": 1, "type": "hello"])["ok"] as? Bool == true)
        try await socket.sendFrame(opcode: 1, Array(#"{"id": 2, "type": "hello"}"#.utf8), masked: false)
        #expect(try await socket.closeCode() == 1002)
        let other = try await studio.webSocket()
        #expect(try await other.request(["id": 1, "type": "hello"])["ok"] as? Bool == true)
    }

    @Test func twoHostHeadersAreRefusedWith400() async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let studio = try await RunningStudio(folder: folder)
        let page = try studio.connect()
        #expect(try await page.get("/?token=\(studio.token)", host: studio.host, extraHeaders: ["Host: evil.example"]) == 400)
        let upgrade = try studio.connect()
        let lines = [
            "GET /ws?token=\(studio.token) HTTP/1.1", "Host: \(studio.host)", "Host: evil.example", "Upgrade: websocket",
            "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13", "Origin: \(studio.origin)",
        ]
        try await upgrade.send(lines.joined(separator: "\r\n") + "\r\n\r\n")
        #expect(try await upgrade.readResponseHead().status == 400)
        #expect(try await studio.stillServes())
    }
}
