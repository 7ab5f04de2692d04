import Foundation
import HapticTestSupport
import Testing

/// Every refusal the studio must make, against the real server on a free port, each followed by a request that is
/// served (the refusal did not take the server down).
@Suite(.serialized) struct StudioRefusalTests {
    @Test func httpRequestsNeedTheToken() async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let studio = try await RunningStudio(folder: folder)
        #expect(try await studio.connect().get("/", host: studio.host) == 401)
        #expect(try await studio.connect().get("/assets/js/main.js", host: studio.host) == 401)
        #expect(try await studio.connect().get("/?token=\(String(repeating: "0", count: studio.token.count))", host: studio.host) == 403)
        #expect(try await studio.connect().get("/?token=\(studio.token.dropLast())", host: studio.host) == 403)
        #expect(try await studio.connect().get("/?token=\(studio.token)", host: "evil.example:\(studio.port)") == 403)
        #expect(try await studio.connect().get("/assets/js/main.js?token=\(studio.token)", host: studio.host) == 200)
        #expect(try await studio.stillServes())
    }

    @Test func oversizedRequestsAreRefused() async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let studio = try await RunningStudio(folder: folder)
        let long = "/?token=\(studio.token)&pad=\(String(repeating: "x", count: 5_000))"
        #expect(try await studio.connect().get(long, host: studio.host) == 414)
        let post = try studio.connect()
        try await post.send("POST /?token=\(studio.token) HTTP/1.1\r\nHost: \(studio.host)\r\nContent-Length: 1000000\r\n\r\n")
        #expect(try await post.readResponseHead().status == 413)
        #expect(try await studio.stillServes())
    }

    @Test func webSocketUpgradesNeedTheTokenAndTheStudiosOrigin() async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let studio = try await RunningStudio(folder: folder)
        let target = "/ws?token=\(studio.token)"
        #expect(try await studio.connect().upgrade("/ws", host: studio.host, origin: studio.origin) == 401)
        #expect(try await studio.connect().upgrade("/ws?token=nope", host: studio.host, origin: studio.origin) == 403)
        #expect(try await studio.connect().upgrade(target, host: studio.host, origin: "http://evil.example") == 403)
        #expect(try await studio.connect().upgrade(target, host: studio.host, origin: "http://127.0.0.1:\(studio.port + 1)") == 403)
        #expect(try await studio.connect().upgrade(target, host: studio.host, origin: nil) == 403)
        #expect(try await studio.connect().upgrade(target, host: studio.host, origin: studio.origin) == 101)
        #expect(try await studio.stillServes())
    }

    @Test func malformedMessagesAreAnsweredWithAnError() async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let studio = try await RunningStudio(folder: folder)
        let socket = try await studio.webSocket()
        for garbage in ["{not json", "[]", "42", #"{"id": 1}"#, #"{"type": 7}"#, "\u{0}\u{1}"] {
            try await socket.sendText(garbage)
            let reply = try await socket.reply(id: nil)
            #expect(reply["ok"] as? Bool == false, "\(garbage)")
            #expect((reply["error"] as? String)?.contains("malformed message") == true, "\(reply)")
        }
        let unknown = try await socket.request(["id": 2, "type": "format-disk"])
        #expect((unknown["error"] as? String)?.contains("unknown message type") == true)
        let missing = try await socket.request(["id": 3, "type": "save"])
        #expect((missing["error"] as? String)?.contains("'path'") == true)
        let notAHAP = try await socket.request(["id": 4, "type": "save", "path": "x.ahap", "ahap": "{\"Pattern\": 3}"])
        #expect(notAHAP["ok"] as? Bool == false)
        let badWindow = try await socket.request([
            "id": 5, "type": "analyze", "ahap": #"{"Pattern": [{"Event": {"Time": 0.0, "EventType": "HapticTransient"}}]}"#, "from": 2,
            "to": 1,
        ])
        #expect(badWindow["ok"] as? Bool == false)
        // The same socket still works.
        let hello = try await socket.request(["id": 6, "type": "hello"])
        #expect(hello["ok"] as? Bool == true)
        #expect(try await studio.stillServes())
    }

    @Test func oversizedMessagesCloseOnlyThatSocket() async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let studio = try await RunningStudio(folder: folder)
        let socket = try await studio.webSocket()
        let huge = #"{"id": 1, "type": "hello", "pad": ""# + String(repeating: "x", count: 300 << 10) + #""}"#
        try await socket.sendText(huge)
        // The frame is over the cap: the server closes the socket (close frame 1009, or the connection drops).
        let ended: Bool
        do {
            let frame = try await socket.readFrame()
            ended = frame.opcode == 8
            if frame.opcode == 8, frame.payload.count >= 2 {
                #expect(Int(frame.payload[0]) << 8 | Int(frame.payload[1]) == 1009)
            }
        } catch {
            ended = true
        }
        #expect(ended)
        let other = try await studio.webSocket()
        #expect(try await other.request(["id": 1, "type": "hello"])["ok"] as? Bool == true)
        #expect(try await studio.stillServes())
    }

    @Test func pathsOutsideTheFolderAreRefused() async throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("studio")
        let outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let secret = #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0.0, "EventType": "HapticTransient"}}]}"#
        try secret.write(to: outside.appendingPathComponent("secret.ahap"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("escape").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link.ahap").path, withDestinationPath: outside.appendingPathComponent("secret.ahap").path
        )
        let studio = try await RunningStudio(folder: folder)
        let socket = try await studio.webSocket()
        let pattern = #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0.0, "EventType": "HapticTransient"}}]}"#
        var id = 0
        func refused(_ fields: [String: Any], _ words: String) async throws {
            id += 1
            var message = fields
            message["id"] = id
            let reply = try await socket.request(message)
            #expect(reply["ok"] as? Bool == false, "\(fields)")
            #expect((reply["error"] as? String)?.contains(words) == true, "\(reply)")
        }
        try await refused(["type": "open", "path": "../outside/secret.ahap"], "'..' is refused")
        try await refused(["type": "open", "path": outside.appendingPathComponent("secret.ahap").path], "absolute paths are refused")
        try await refused(["type": "open", "path": "escape/secret.ahap"], "outside the folder")
        try await refused(["type": "open", "path": "link.ahap"], "outside the folder")
        try await refused(["type": "save", "path": "../outside/new.ahap", "ahap": pattern], "'..' is refused")
        try await refused(["type": "save", "path": "/tmp/new.ahap", "ahap": pattern], "absolute paths are refused")
        try await refused(["type": "save", "path": "escape/new.ahap", "ahap": pattern], "outside")
        try await refused(["type": "save", "path": "link.ahap", "ahap": pattern], "outside the folder")
        try await refused(["type": "export", "path": "escape/x.haptic", "format": "haptic", "ahap": pattern], "outside")
        try await refused(["type": "analyze", "ahap": pattern, "dir": "escape"], "outside the folder")
        try await refused(["type": "play", "ahap": pattern, "dir": "../outside"], "'..' is refused")
        // Nothing was written outside, and the secret is unchanged.
        #expect(!FileManager.default.fileExists(atPath: outside.appendingPathComponent("new.ahap").path))
        #expect(!FileManager.default.fileExists(atPath: outside.appendingPathComponent("x.haptic").path))
        #expect(try String(contentsOf: outside.appendingPathComponent("secret.ahap"), encoding: .utf8) == secret)
        // A file listing leaves the links out.
        let listing = try await socket.request(["id": 100, "type": "list"])
        let patterns = (listing["result"] as? [String: Any])?["patterns"] as? [String]
        #expect(patterns == [])
        #expect(try await studio.stillServes())
    }

    @Test func outputsOutsideTheListAreRefused() async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let studio = try await RunningStudio(folder: folder)
        let socket = try await studio.webSocket()
        let reply = try await socket.request(["id": 1, "type": "output", "output": "wav:/tmp/anywhere.wav"])
        #expect((reply["error"] as? String)?.contains("unknown output") == true)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/anywhere.wav"))
    }
}
