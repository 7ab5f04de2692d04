#if os(Linux)
import Foundation
import Glibc
import HapticLoading
import HapticPattern
import HapticTestSupport
import Synchronization
import Testing

/// Confinement beneath a folder's descriptor, decided on bytes by the kernel; writes that never change the umask,
/// keep a replaced file's mode and refuse a read-only one; exports told from patterns.
@Suite struct FolderDescriptorTests {
    /// `..` followed by a combining mark: one grapheme for Swift's `String.split`, a `..` component for the kernel.
    @Test func pathsAreSplitOnTheByteSlashNotOnCharacters() throws {
        let error = try #require(throws: FolderAccessError.self) { try RelativePath("../\u{301}evil.ahap") }
        #expect(error.kind == .invalidPath && error.message.contains("'..' is refused"), "\(error)")
        #expect(throws: FolderAccessError.self) { try RelativePath("sub/../\u{301}x") }
        // "..\u{301}" is a plain name (bytes 2E 2E CC 81), not "..".
        let name = try RelativePath("..\u{301}/b.ahap")
        #expect(name.components == [[0x2E, 0x2E, 0xCC, 0x81], Array("b.ahap".utf8)])
        // Equal as Swift strings, different as paths.
        #expect("café" == "cafe\u{301}")
        #expect(try RelativePath("café") != RelativePath("cafe\u{301}"))
        #expect(try RelativePath("./a//b/.").components == [[0x61], [0x62]])
        #expect(throws: FolderAccessError.self) { try RelativePath("/etc/passwd") }
        #expect(try RelativePath("a/tap.haptic").replacingExtension(with: "ahap").description == "a/tap.ahap")
        #expect(try RelativePath(".hidden").replacingExtension(with: "ahap").description == ".hidden.ahap")
        let base = try RelativePath("sub")
        #expect(try base.resolvingWaveform("a/../tap.wav").description == "sub/tap.wav")
        #expect(throws: FolderAccessError.self) { try base.resolvingWaveform("../\u{301}tap.wav") }
    }

    /// A studio folder `café` (one code point) beside `cafe\u{301}`: links into the sibling are never followed, on
    /// both resolution paths — nothing read, written or created there.
    @Test(arguments: [FolderDescriptor.Resolution.automatic, .componentWalk])
    func linksToAByteDifferentSiblingAreNotFollowed(resolution: FolderDescriptor.Resolution) throws {
        let (root, sibling) = try ConfinementFixtures.cafeFolders()
        let folder = try FolderDescriptor(path: root.path, resolution: resolution)
        let secret = Array("secret".utf8)
        for path in ["into/secret.ahap", "file.ahap"] {
            let read = try #require(throws: PatternError.self) { try InputGate.read(beneath: folder, RelativePath(path), kind: .pattern()) }
            #expect(read.message.contains("symbolic link"), "\(read)")
        }
        let into = try #require(throws: FolderAccessError.self) {
            try folder.write(Array("x".utf8), to: RelativePath("into/new.ahap"), replace: true)
        }
        #expect(into.kind == .symbolicLink, "\(into)")
        let link = try #require(throws: FolderAccessError.self) {
            try folder.write(Array("x".utf8), to: RelativePath("file.ahap"), replace: true)
        }
        #expect(link.kind == .symbolicLink, "\(link)")
        #expect(throws: FolderAccessError.self) { try folder.folder(RelativePath("into")) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: sibling.path) == ["secret.ahap"])
        #expect(try Array(Data(contentsOf: sibling.appendingPathComponent("secret.ahap"))) == secret)
        // What is inside still works.
        try folder.write(Array("inside".utf8), to: RelativePath("sub/new.ahap"), replace: false)
        #expect(try InputGate.read(beneath: folder, RelativePath("sub/new.ahap"), kind: .pattern()) == Array("inside".utf8))
    }

    /// Eight threads writing at once: no write reads the umask by setting it, so it stays as it was and every file
    /// gets 0666 less it (0644 with the usual 022), by path (`AtomicFile`) and beneath a folder.
    @Test func writesNeverTouchTheUmask() throws {
        // On tmpfs where there is one, so that fsync is quick and the writers really overlap.
        let shared = URL(fileURLWithPath: "/dev/shm/och-umask-\(UUID().uuidString)")
        let onTmpfs = (try? FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)) != nil
        let directory = onTmpfs ? shared : try Fixtures.temporaryDirectory()
        defer { if onTmpfs { try? FileManager.default.removeItem(at: shared) } }
        let folder = try FolderDescriptor(path: directory.path)
        let before = try #require(Self.umask())
        // A watcher reads the umask (from /proc, which does not change it) all the while: setting it to 0 and back,
        // even for a moment, is seen.
        let watch = Watch()
        let watcherDone = DispatchSemaphore(value: 0)
        for _ in 0..<2 {
            Thread.detachNewThread {
                while !watch.stop.load(ordering: .relaxed) {
                    if let seen = Self.umask(), seen != before { watch.changes.add(1, ordering: .relaxed) }
                }
                watcherDone.signal()
            }
        }
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<2_000 {
                let name = "t\(thread)-\(index % 10).ahap"
                if index.isMultiple(of: 2) {
                    try? AtomicFile.write(Array("\(index)".utf8), to: directory.appendingPathComponent(name))
                } else {
                    try? folder.write(Array("\(index)".utf8), to: RelativePath(name), replace: true)
                }
            }
        }
        watch.stop.store(true, ordering: .relaxed)
        watcherDone.wait()
        watcherDone.wait()
        #expect(Self.umask() == before, "the process umask changed")
        #expect(watch.changes.load(ordering: .relaxed) == 0, "the umask was changed while files were written")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names.count == 80, "\(names.sorted())")
        for name in names {
            var status = stat()
            #expect(stat(directory.appendingPathComponent(name).path, &status) == 0)
            #expect(status.st_mode & 0o777 == 0o666 & ~before, "\(name): \(String(status.st_mode & 0o777, radix: 8))")
        }
    }

    /// A replaced file keeps its mode; a read-only one is refused (also for root, who could write it) and kept as it
    /// was; an existing file needs `replace`.
    @Test func replacedFilesKeepTheirModeAndReadOnlyFilesAreRefused() throws {
        let directory = try Fixtures.temporaryDirectory()
        let folder = try FolderDescriptor(path: directory.path)
        let privateFile = directory.appendingPathComponent("private.ahap")
        try Data("old".utf8).write(to: privateFile)
        chmod(privateFile.path, 0o600)
        let exists = try #require(throws: FolderAccessError.self) {
            try folder.write(Array("new".utf8), to: RelativePath("private.ahap"), replace: false)
        }
        #expect(exists.kind == .exists && exists.message.contains("private.ahap"), "\(exists)")
        try folder.write(Array("new".utf8), to: RelativePath("private.ahap"), replace: true)
        #expect(try String(contentsOf: privateFile, encoding: .utf8) == "new")
        #expect(Self.mode(privateFile) == 0o600)

        let locked = directory.appendingPathComponent("locked.ahap")
        try Data("keep".utf8).write(to: locked)
        chmod(locked.path, 0o444)
        let refused = try #require(throws: FolderAccessError.self) {
            try folder.write(Array("new".utf8), to: RelativePath("locked.ahap"), replace: true)
        }
        #expect(refused.kind == .readOnly && refused.message.contains("'locked.ahap' is read-only"), "\(refused)")
        #expect(try String(contentsOf: locked, encoding: .utf8) == "keep")
        #expect(Self.mode(locked) == 0o444)
        // The command line's AtomicFile replaces it and keeps it read-only.
        try AtomicFile.write("replaced", to: locked)
        #expect(Self.mode(locked) == 0o444)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["locked.ahap", "private.ahap"])
    }

    /// The studio's JSON exports are told from patterns by their first bytes, and the loader says what they are.
    @Test func exportsAreToldFromPatternsByTheirFirstBytes() throws {
        let pattern = try AHAPReader.read(#"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 0.5}}]}"#)
            .pattern
        for format in [PatternExport.Format.android, .web, .gamepad] {
            let text = try PatternExport.text(pattern, as: format, fileExtension: "json").value
            #expect(ExportRecognizer.format(ofPrefix: Array(text.utf8)) == format, "\(format)")
        }
        for format in [PatternExport.Format.ahap, .haptic] {
            let text = try PatternExport.text(pattern, as: format, fileExtension: format.defaultExtension).value
            #expect(ExportRecognizer.format(ofPrefix: Array(text.utf8)) == nil, "\(format)")
        }
        let directory = try Fixtures.temporaryDirectory()
        let export = directory.appendingPathComponent("new4.json")
        try PatternExport.text(pattern, as: .web, fileExtension: "json").value.write(to: export, atomically: false, encoding: .utf8)
        let check = PatternLoader.check(
            beneath: try FolderDescriptor(path: directory.path), try RelativePath("new4.json"), displayName: "new4.json")
        let error = try #require(check.errors.first)
        #expect(check.loaded == nil && error.code == .notSupported && error.message.contains("a Web vibration export"), "\(error)")
    }

    private final class Watch: Sendable {
        let stop = Atomic<Bool>(false)
        let changes = Atomic<Int>(0)
    }

    /// The process umask from `/proc/self/status`: reading it with umask(2) would change it.
    static func umask() -> mode_t? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") })
        else { return nil }
        return mode_t(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8)
    }

    static func mode(_ url: URL) -> mode_t {
        var status = stat()
        _ = stat(url.path, &status)
        return status.st_mode & 0o7777
    }
}
#endif
