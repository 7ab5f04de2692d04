#if os(Linux)
import Foundation
import Glibc
import HapticLoading
import HapticStudio
import HapticTestSupport
import Synchronization
import Testing

/// The studio never reads or writes outside its folder: paths checked on bytes, links never followed, every file
/// opened by the kernel beneath the folder's descriptor at the moment of use (issue 21).
@Suite(.serialized) struct StudioConfinementTests {
    static let pattern = #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0.0, "EventType": "HapticTransient"}}]}"#

    /// `../` then U+0301: Swift's `split` saw one component `../́x`, the kernel a `..` — the file landed in the
    /// folder's parent. Refused now; a name that only starts with `..` and a mark stays inside.
    @Test func dotDotFollowedByACombiningMarkIsRefused() async throws {
        let parent = try Fixtures.temporaryDirectory()
        let folder = parent.appendingPathComponent("studio")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let studio = try await RunningStudio(folder: folder)
        let socket = try await studio.webSocket()
        for (id, request) in [
            ["type": "save", "path": "../\u{301}evil.ahap", "ahap": Self.pattern],
            ["type": "export", "path": "../\u{301}evil.haptic", "format": "haptic", "ahap": Self.pattern],
            ["type": "open", "path": "../\u{301}studio/x.ahap"],
            ["type": "play", "ahap": Self.pattern, "dir": "../\u{301}"],
        ].enumerated() {
            var message: [String: Any] = request
            message["id"] = id + 1
            let reply = try await socket.request(message)
            #expect(reply["ok"] as? Bool == false && (reply["error"] as? String)?.contains("'..' is refused") == true, "\(reply)")
        }
        let inside = try await socket.request(["id": 10, "type": "save", "path": "..\u{301}.ahap", "ahap": Self.pattern])
        #expect(inside["ok"] as? Bool == true, "\(inside)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["studio"], "nothing in the parent")
        #expect(try Self.names(folder) == [Array("..\u{301}.ahap".utf8)])
    }

    /// A studio serving `café` (one code point) with links into the sibling `cafe\u{301}`: `hasPrefix` on Swift
    /// strings called the two equal, and the studio opened, overwrote and created files there. Nothing is read,
    /// written or created there now, by any request.
    @Test func linksIntoAByteDifferentSiblingAreNeverFollowed() async throws {
        let (root, sibling) = try ConfinementFixtures.cafeFolders()
        try AudioFixtures.writeWAV([Float](repeating: 0.5, count: 4_800), to: sibling.appendingPathComponent("sound.wav"))
        #expect(symlink("../cafe\u{301}/sound.wav", root.path + "/sound.wav") == 0)
        let before = try Self.snapshot(sibling)
        let studio = try await RunningStudio(folder: root)
        let socket = try await studio.webSocket()
        let audio =
            #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0.0, "EventType": "AudioCustom", "EventWaveformPath": "secret.ahap"}}]}"#
        let requests: [[String: Any]] = [
            ["type": "open", "path": "into/secret.ahap"], ["type": "open", "path": "file.ahap"],
            ["type": "save", "path": "into/secret.ahap", "ahap": Self.pattern, "replace": true],
            ["type": "save", "path": "into/new.ahap", "ahap": Self.pattern],
            ["type": "save", "path": "file.ahap", "ahap": Self.pattern, "replace": true],
            ["type": "export", "path": "into/new.haptic", "format": "haptic", "ahap": Self.pattern],
            ["type": "analyze", "ahap": audio, "dir": "into"], ["type": "play", "ahap": audio, "dir": "into"],
            ["type": "importAudio", "path": "sound.wav"], ["type": "importAudio", "path": "into/sound.wav"],
            ["type": "play", "ahap": Self.sound("into/sound.wav")], ["type": "play", "ahap": Self.sound("sound.wav")],
        ]
        for (index, request) in requests.enumerated() {
            var message = request
            message["id"] = index + 1
            let reply = try await socket.request(message)
            #expect(reply["ok"] as? Bool == false && (reply["error"] as? String)?.contains("symbolic link") == true, "\(request): \(reply)")
        }
        // Custom audio of the page's pattern is opened beneath the folder too: the analysis reports the link.
        for (id, waveform) in ["into/sound.wav", "sound.wav"].enumerated() {
            let analysis = try #require(
                try await socket.request(["id": 40 + id, "type": "analyze", "ahap": Self.sound(waveform)])["result"] as? [String: Any])
            let problems = (analysis["problems"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
            #expect(problems.contains { $0.contains("symbolic link") }, "\(waveform): \(problems)")
        }
        let listing = try #require(try await socket.request(["id": 50, "type": "list"])["result"] as? [String: Any])
        #expect(listing["patterns"] as? [String] == [] && listing["audio"] as? [String] == [], "\(listing)")
        #expect(try Self.snapshot(sibling) == before, "the sibling was touched")
    }

    /// A local process swaps a sub-folder for a link to outside, again and again, while the studio saves into it:
    /// with a check before the use, saves and temporaries landed outside. Nothing lands outside now, on either path
    /// the folder resolves by.
    @Test(arguments: [FolderDescriptor.Resolution.automatic, .componentWalk])
    func swappingASubfolderForALinkWhileSavingWritesNothingOutside(resolution: FolderDescriptor.Resolution) throws {
        let parent = try Fixtures.temporaryDirectory()
        let root = parent.appendingPathComponent("studio")
        let outside = parent.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let folder = try StudioFolder(path: root.path, resolution: resolution)
        let stop = StopFlag()
        let swapperDone = DispatchSemaphore(value: 0)
        let (sub, held) = (root.path + "/sub", root.path + "/held")
        let target = outside.path
        Thread.detachNewThread {
            var swaps = 0
            while !stop.value.load(ordering: .relaxed) {
                rename(sub, held)
                symlink(target, sub)
                unlink(sub)
                rename(held, sub)
                swaps += 1
            }
            stop.swaps.store(swaps, ordering: .relaxed)
            swapperDone.signal()
        }
        var saved = 0
        let deadline = ContinuousClock.now + .seconds(2)
        var index = 0
        while ContinuousClock.now < deadline {
            index += 1
            if (try? folder.write(Array(Self.pattern.utf8), to: "sub/p\(index % 8).ahap", replace: true)) != nil { saved += 1 }
        }
        stop.value.store(true, ordering: .relaxed)
        swapperDone.wait()
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == [], "written outside the folder")
        #expect(saved > 0 && stop.swaps.load(ordering: .relaxed) > 0, "saved \(saved), swaps \(stop.swaps.load(ordering: .relaxed))")
    }

    private final class StopFlag: Sendable {
        let value = Atomic<Bool>(false)
        let swaps = Atomic<Int>(0)
    }

    /// A pattern that plays `waveform` as custom audio.
    static func sound(_ waveform: String) -> String {
        #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0.0, "EventType": "AudioCustom", "EventWaveformPath": "\#(waveform)"}}]}"#
    }

    /// Every name under `folder` with its bytes.
    static func names(_ folder: URL) throws -> [[UInt8]] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Names, sizes and modification times under `folder`.
    static func snapshot(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            var status = stat()
            _ = lstat(folder.path + "/" + name, &status)
            return "\(name) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(status.st_mode)"
        }
    }
}
#endif
