#if os(Linux)
import Foundation
import Glibc
import HapticTestSupport
import Testing

/// The studio never loses a file: a save or export onto an existing file needs the page's confirmation
/// (`replace: true`, else the code `exists`), a read-only file is never replaced, and exports are listed apart from
/// patterns (issue 21).
@Suite(.serialized) struct StudioReplaceTests {
    static let pattern = """
        {"Version": 1.0, "Pattern": [
          {"Event": {"Time": 0.1, "EventType": "HapticContinuous", "EventDuration": 0.3,
                     "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.8}]}}]}
        """

    /// Exporting the Web format to `new4.json` replaced the AHAP pattern of that name.
    @Test func exportOntoAnExistingPatternNeedsConfirmation() async throws {
        let folder = try Fixtures.temporaryDirectory()
        let target = folder.appendingPathComponent("new4.json")
        try Self.pattern.write(to: target, atomically: false, encoding: .utf8)
        let studio = try await RunningStudio(folder: folder)
        let socket = try await studio.webSocket()
        for (id, request) in [
            ["type": "export", "path": "new4.json", "format": "web", "ahap": Self.pattern],
            ["type": "export", "path": "new4.json", "format": "web", "ahap": Self.pattern, "replace": false],
            ["type": "save", "path": "new4.json", "ahap": Self.pattern],
        ].enumerated() {
            var message: [String: Any] = request
            message["id"] = id + 1
            let refused = try await socket.request(message)
            #expect(refused["ok"] as? Bool == false && refused["code"] as? String == "exists", "\(refused)")
            #expect((refused["error"] as? String)?.contains("'new4.json' already exists") == true, "\(refused)")
            #expect(try String(contentsOf: target, encoding: .utf8) == Self.pattern, "the pattern was replaced")
        }
        let confirmed = try await socket.request([
            "id": 10, "type": "export", "path": "new4.json", "format": "web", "ahap": Self.pattern, "replace": true,
        ])
        #expect(confirmed["ok"] as? Bool == true && confirmed["code"] == nil, "\(confirmed)")
        #expect(try String(contentsOf: target, encoding: .utf8).contains("navigator-vibrate"))
        // Other refusals carry no code.
        let other = try await socket.request(["id": 11, "type": "save", "path": "x.txt", "ahap": Self.pattern])
        #expect(other["ok"] as? Bool == false && other["code"] == nil, "\(other)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["new4.json"], "no temporaries left")
    }

    /// Saving over a read-only file made it writable; it is refused now, even with the confirmation, and kept.
    @Test func aReadOnlyFileIsNeverReplaced() async throws {
        let folder = try Fixtures.temporaryDirectory()
        let locked = folder.appendingPathComponent("locked.ahap")
        try Self.pattern.write(to: locked, atomically: false, encoding: .utf8)
        chmod(locked.path, 0o444)
        let studio = try await RunningStudio(folder: folder)
        let socket = try await studio.webSocket()
        let reply = try await socket.request(["id": 1, "type": "save", "path": "locked.ahap", "ahap": Self.pattern, "replace": true])
        #expect(reply["ok"] as? Bool == false, "\(reply)")
        #expect((reply["error"] as? String)?.contains("'locked.ahap' is read-only") == true, "\(reply)")
        var status = stat()
        #expect(stat(locked.path, &status) == 0 && status.st_mode & 0o777 == 0o444)
        #expect(try String(contentsOf: locked, encoding: .utf8) == Self.pattern)
    }

    /// The studio listed its own exports as patterns and then failed to open them.
    @Test func exportsAreListedApartAndOpeningOneSaysWhatItIs() async throws {
        let folder = try Fixtures.temporaryDirectory()
        try Self.pattern.write(to: folder.appendingPathComponent("tap.json"), atomically: false, encoding: .utf8)
        let studio = try await RunningStudio(folder: folder)
        let socket = try await studio.webSocket()
        for (id, (format, path)) in [
            ("web", "tap.web.json"), ("android", "tap-android.json"), ("gamepad", "pad/tap.json"), ("web", "tap.js"), ("android", "Tap.kt"),
            ("haptic", "tap.haptic"),
        ].enumerated() {
            if path.hasPrefix("pad/") {
                try FileManager.default.createDirectory(at: folder.appendingPathComponent("pad"), withIntermediateDirectories: true)
            }
            let reply = try await socket.request(["id": id + 1, "type": "export", "path": path, "format": format, "ahap": Self.pattern])
            #expect(reply["ok"] as? Bool == true, "\(reply)")
        }
        let listing = try #require(try await socket.request(["id": 20, "type": "list"])["result"] as? [String: Any])
        #expect(listing["patterns"] as? [String] == ["tap.haptic", "tap.json"], "\(listing)")
        #expect(listing["exports"] as? [String] == ["Tap.kt", "pad/tap.json", "tap-android.json", "tap.js", "tap.web.json"], "\(listing)")
        let opened = try await socket.request(["id": 21, "type": "open", "path": "tap-android.json"])
        #expect(opened["ok"] as? Bool == false, "\(opened)")
        #expect((opened["error"] as? String)?.contains("an Android vibration export, not a pattern") == true, "\(opened)")
        for (id, (path, savePath)) in [("tap.json", "tap.json"), ("tap.haptic", "tap.ahap")].enumerated() {
            let reply = try await socket.request(["id": 30 + id, "type": "open", "path": path])
            #expect((reply["result"] as? [String: Any])?["savePath"] as? String == savePath, "\(reply)")
        }
    }
}
#endif
