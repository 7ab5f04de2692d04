import Dispatch
import Foundation
import HapticStudio
import HapticTestSupport
import Testing

/// What an edit costs the server: the page sends each edit twice while looping (`update` for the next pass, then
/// `analyze` for the lanes), and the text is read once; a loop compiles its pattern once per edit, not once a pass.
@Suite struct StudioEditCostTests {
    static let tap = #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0.0, "EventType": "HapticTransient"}}]}"#
    static let softer = """
        {"Version": 1.0, "Pattern": [{"Event": {"Time": 0.0, "EventType": "HapticTransient",
          "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.4}]}}]}
        """

    /// A session and a playback on the null output, on a fresh folder.
    private static func studio(
        onPass: @escaping @Sendable () -> Void = {}
    ) throws -> (session: StudioSession, playback: StudioPlayback, folder: URL) {
        let folder = try Fixtures.temporaryDirectory()
        let outputs = StudioOutputs(sources: [DeviceOutputSource(commandLineID: "null")])
        let session = StudioSession(
            folder: try StudioFolder(path: folder.path), outputs: outputs, limits: .default, registry: StudioPlaybackRegistry())
        let playback = StudioPlayback(outputs: outputs, known: outputs.list()) { event in
            if case .pass = event { onPass() }
        }
        return (session, playback, folder)
    }

    /// Sends one request and returns whether it succeeded, with the reply.
    private static func send(_ fields: [String: Any], to session: StudioSession, playback: StudioPlayback) throws -> (Bool, String) {
        let text = String(decoding: try JSONSerialization.data(withJSONObject: fields), as: UTF8.self)
        let reply = session.handle(text, playback: playback)
        let object = try JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any]
        return (object?["ok"] as? Bool == true, reply)
    }

    @Test func anEditIsReadOnceForUpdateAndAnalyze() throws {
        let (session, playback, folder) = try Self.studio()
        defer {
            playback.shutDown()
            try? FileManager.default.removeItem(at: folder)
        }
        // The order the page sends them in: `update` 40 ms after the edit, `analyze` 120 ms after it.
        let update = try Self.send(["id": 1, "type": "update", "ahap": Self.tap], to: session, playback: playback)
        #expect(update.0, "\(update.1)")
        let analyze = try Self.send(["id": 2, "type": "analyze", "ahap": Self.tap], to: session, playback: playback)
        #expect(analyze.0, "\(analyze.1)")
        #expect(session.patternChecks == 1, "one edit, read \(session.patternChecks) times")
        // Another edit is another read; a play reads the text and its files again.
        _ = try Self.send(["id": 3, "type": "analyze", "ahap": Self.softer], to: session, playback: playback)
        #expect(session.patternChecks == 2)
        let play = try Self.send(["id": 4, "type": "play", "ahap": Self.softer], to: session, playback: playback)
        #expect(play.0, "\(play.1)")
        #expect(session.patternChecks == 3)
    }

    @Test func aLoopCompilesItsPatternOncePerEdit() throws {
        let passes = DispatchSemaphore(value: 0)
        let (session, playback, folder) = try Self.studio { passes.signal() }
        defer {
            playback.shutDown()
            try? FileManager.default.removeItem(at: folder)
        }
        func awaitPasses(_ count: Int) {
            for _ in 0..<count { #expect(passes.wait(timeout: .now() + 10) == .success, "a pass was scheduled") }
        }
        let play = try Self.send(["id": 1, "type": "play", "ahap": Self.tap, "loop": true], to: session, playback: playback)
        #expect(play.0, "\(play.1)")
        awaitPasses(4)
        #expect(playback.patternsMade == 1, "4 passes of one take made \(playback.patternsMade) patterns to compile")
        let update = try Self.send(["id": 2, "type": "update", "ahap": Self.softer], to: session, playback: playback)
        #expect(update.0, "\(update.1)")
        // A pass after the edit plays it (passes already scheduled do not); the ones after that reuse it.
        for _ in 0..<50 where playback.patternsMade < 2 { awaitPasses(1) }
        #expect(playback.patternsMade == 2, "the edit was played")
        awaitPasses(4)
        #expect(playback.patternsMade == 2, "4 more passes of one edit: \(playback.patternsMade) patterns")
    }
}
