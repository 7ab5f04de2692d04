#if os(Linux)
import Foundation
import Glibc
import HapticLoading
import HapticPattern
import HapticTestSupport
import Testing

/// The one input gate: regular files only, bounded while reading, errors that say what and where.
@Suite struct InputGateTests {
    @Test func aFIFOIsRefusedAtOnceWithoutWaitingForAWriter() throws {
        let fifo = try Fixtures.temporaryDirectory().appendingPathComponent("trap.haptic").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(throws: PatternError.self) { try InputGate.read(fifo, kind: .pattern()) }
        #expect(clock.now - start < .seconds(1), "opening a FIFO must not wait for a writer")
        #expect(error.code == .fileNotFound && error.message.contains("named pipe (FIFO)"), "\(error)")
        #expect(!error.message.contains("no such file"))
    }

    @Test func devicesDirectoriesAndMissingFilesSayWhatTheyAre() throws {
        let zero = try #require(throws: PatternError.self) { try InputGate.read("/dev/zero", kind: .audio()) }
        #expect(zero.message.contains("is a device"))
        let folder = try Fixtures.temporaryDirectory()
        let directory = try #require(throws: PatternError.self) { try InputGate.read(folder.path, kind: .pattern()) }
        #expect(directory.message.contains("is a directory, not a pattern file"), "\(directory)")
        let audioFolder = try #require(throws: PatternError.self) { try InputGate.read(folder.path, kind: .audio()) }
        #expect(audioFolder.message.contains("is a directory, not an audio file"), "\(audioFolder)")
        let missing = try #require(throws: PatternError.self) {
            try InputGate.read(folder.appendingPathComponent("none.ahap").path, kind: .pattern())
        }
        #expect(missing.code == .fileNotFound && missing.message == "no such file")
        #expect(missing.file?.hasSuffix("none.ahap") == true)
    }

    @Test func theCapIsEnforcedWhileReadingNotJustByTheReportedSize() throws {
        let path = try Fixtures.temporaryDirectory().appendingPathComponent("big.wav").path
        try Data(repeating: 7, count: 5_000).write(to: URL(fileURLWithPath: path))
        let kind = InputKind(noun: "audio file", byteLimit: 4_096, limitName: "test cap", tooLargeCode: .invalidAudioResource)
        let error = try #require(throws: PatternError.self) { try InputGate.read(path, kind: kind) }
        #expect(error.code == .invalidAudioResource && error.message.contains("the limit is 4096 (test cap)"), "\(error)")
        // /proc files report size 0 and may be endless: the read loop, not stat, bounds them.
        let endless = try #require(throws: PatternError.self) {
            try InputGate.read(
                "/proc/self/pagemap",
                kind: InputKind(noun: "pattern file", byteLimit: 1_000, limitName: "cap", tooLargeCode: .invalidPatternData))
        }
        #expect(endless.code != .memoryError)
        let exact = try InputGate.read(
            path, kind: InputKind(noun: "audio file", byteLimit: 5_000, limitName: "cap", tooLargeCode: .invalidAudioResource))
        #expect(exact.count == 5_000)
    }
}

/// Audio resources of a pattern: each distinct file decoded once, a budget for all of them together.
@Suite struct AudioBudgetTests {
    static func wav(frames: Int) -> Data {
        var bytes: [UInt8] = []
        func u32(_ v: Int) { bytes += withUnsafeBytes(of: UInt32(v).littleEndian, Array.init) }
        func u16(_ v: Int) { bytes += withUnsafeBytes(of: UInt16(v).littleEndian, Array.init) }
        bytes += Array("RIFF".utf8)
        u32(36 + frames * 2)
        bytes += Array("WAVE".utf8)
        bytes += Array("fmt ".utf8)
        u32(16)
        u16(1)
        u16(1)
        u32(48_000)
        u32(96_000)
        u16(2)
        u16(16)
        bytes += Array("data".utf8)
        u32(frames * 2)
        bytes += [UInt8](repeating: 0x10, count: frames * 2)
        return Data(bytes)
    }

    static func pattern(paths: [String]) -> Pattern {
        Pattern(
            events: paths.enumerated().map { index, path in
                var event = Event(type: .audioCustom, time: Double(index) * 0.01)
                event.waveform = .path(path)
                return event
            })
    }

    @Test func manyPathsToOneFileDecodeItOnceWithinTheBudget() throws {
        let folder = try Fixtures.temporaryDirectory()
        try Self.wav(frames: 48_000).write(to: folder.appendingPathComponent("one.wav"))
        // 40 spellings of the same file: 40 × 192 kB decoded would pass no 400 kB budget; once, it does.
        let paths = (0..<40).map { String(repeating: "./", count: $0) + "one.wav" }
        var limits = PatternLimits.default
        limits.maxAudioBytesPerPattern = 400_000
        let audio = try AudioResourceLoader.load(Self.pattern(paths: paths), limits: limits) { path throws(PatternError) in
            try WaveformFile.resolve(path, in: folder)
        }
        #expect(audio.count == 40)
        #expect(Set(audio.values.map(ObjectIdentifier.init)).count == 1, "one decoded buffer shared by every path")
    }

    @Test func distinctFilesBeyondTheBudgetAreRefusedWithTheEvent() throws {
        let folder = try Fixtures.temporaryDirectory()
        for name in ["a.wav", "b.wav", "c.wav"] { try Self.wav(frames: 48_000).write(to: folder.appendingPathComponent(name)) }
        var limits = PatternLimits.default
        limits.maxAudioBytesPerPattern = 400_000  // two files of 192 kB decoded fit, three do not
        let error = try #require(throws: PatternError.self) {
            try AudioResourceLoader.load(Self.pattern(paths: ["a.wav", "b.wav", "c.wav"]), limits: limits) { path throws(PatternError) in
                try WaveformFile.resolve(path, in: folder)
            }
        }
        #expect(error.code == .invalidAudioResource && error.message.contains("PatternLimits.maxAudioBytesPerPattern"))
        #expect(error.path == "Pattern[2].Event.EventWaveformPath")
    }

    @Test func waveformsCannotLeaveThePatternFolderThroughALink() throws {
        let root = try Fixtures.temporaryDirectory()
        let inside = root.appendingPathComponent("pattern")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        try Self.wav(frames: 10).write(to: root.appendingPathComponent("secret.wav"))
        try FileManager.default.createSymbolicLink(
            at: inside.appendingPathComponent("link.wav"), withDestinationURL: root.appendingPathComponent("secret.wav"))
        let error = try #require(throws: PatternError.self) { try WaveformFile.resolve("link.wav", in: inside) }
        #expect(error.code == .badEventEntry && error.message.contains("leads outside the pattern's folder"))
        #expect(throws: PatternError.self) { try WaveformFile.resolve("../secret.wav", in: inside) }
        #expect(throws: PatternError.self) { try WaveformFile.resolve("/etc/passwd", in: inside) }
    }
}
#endif
