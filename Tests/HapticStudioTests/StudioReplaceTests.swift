import Foundation
import HapticTestSupport
import Testing

/// Save and export never replace a file silently: onto an existing file they need `"replace": true`, else the reply
/// is `{"ok": false, "code": "exists"}` and the file is left as it was (the page asks the designer, then resends).
@Suite struct StudioReplaceTests {
    static let pattern = #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0.1, "EventType": "HapticTransient"}}]}"#

    @Test func savingOrExportingOntoAnExistingFileNeedsReplace() async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = "{\"Version\": 1.0, \"Pattern\": []}"
        for name in ["kept.ahap", "kept.haptic"] {
            try original.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let studio = try await RunningStudio(folder: folder)
        let socket = try await studio.webSocket()
        let requests: [[String: Any]] = [
            ["type": "save", "path": "kept.ahap", "ahap": Self.pattern],
            ["type": "export", "path": "kept.haptic", "format": "haptic", "ahap": Self.pattern],
        ]
        for (index, request) in requests.enumerated() {
            var message = request
            message["id"] = 10 + index
            let refused = try await socket.request(message)
            #expect(refused["ok"] as? Bool == false && refused["code"] as? String == "exists", "\(refused)")
            #expect((refused["error"] as? String)?.contains(request["path"] as? String ?? "?") == true)
            let path = folder.appendingPathComponent(request["path"] as? String ?? "")
            #expect(try String(contentsOf: path, encoding: .utf8) == original, "the file is untouched")
            message["replace"] = true
            let replaced = try await socket.request(message)
            #expect(replaced["ok"] as? Bool == true, "\(replaced)")
            #expect(try String(contentsOf: path, encoding: .utf8) != original)
        }
        // A new file needs no confirmation.
        let fresh = try await socket.request(["id": 20, "type": "save", "path": "new.ahap", "ahap": Self.pattern])
        #expect(fresh["ok"] as? Bool == true && fresh["code"] == nil, "\(fresh)")
    }
}
