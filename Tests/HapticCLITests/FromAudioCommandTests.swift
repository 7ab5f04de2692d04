#if os(Linux)
import Foundation
import Glibc
import HapticPattern
import HapticTestSupport
import Testing

/// `haptic from-audio`: sound in, strict AHAP out; every bad input a clear error with exit status 1, never a crash.
@Suite(.offTheConcurrencyPool) struct FromAudioCommandTests {
    static let hits = SyntheticAudio.hits(seconds: 4)

    /// Runs `haptic` and checks it ended by itself (no signal) within `seconds`, less the time a busy machine kept
    /// its threads from a CPU (``CommandRunner/Result/unloadedSeconds``: a 5 s run took 70 s under a CPU hog).
    static func run(
        _ arguments: [String], environment: [String: String] = [:], seconds: Double = 30, memoryLimitKiB: Int? = nil
    ) throws -> CommandRunner.Result {
        let result = try CommandRunner.haptic(arguments, environment: environment, timeout: seconds + 10, memoryLimitKiB: memoryLimitKiB)
        #expect(
            !result.signaled, "haptic \(arguments.joined(separator: " ")) died of signal \(result.status): \(result.stderr.suffix(400))")
        #expect(
            result.unloadedSeconds < seconds,
            "haptic \(arguments.joined(separator: " ")) took too long: \(result.unloadedSeconds) s (\(result.wallSeconds) s on the clock)")
        return result
    }

    static func transients(in url: URL) throws -> [Double] {
        try AHAPReader.read(Array(try Data(contentsOf: url))).pattern.events.filter { $0.type == .hapticTransient }.map(\.time)
    }

    @Test func aSoundBecomesAStrictPatternWithItsHits() throws {
        let folder = try Fixtures.temporaryDirectory()
        let wav = folder.appendingPathComponent("hits.wav")
        try AudioFixtures.writeWAV(Self.hits.audio.samples, to: wav)
        let output = folder.appendingPathComponent("hits.ahap")
        let result = try Self.run(["from-audio", wav.path, "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        let found = try Self.transients(in: output)
        let truth = Self.hits.bursts + Self.hits.thumps
        #expect(truth.allSatisfy { t in found.contains { abs($0 - t) <= 0.015 } } && found.count == truth.count, "\(found)")
        #expect(
            result.stdout == "\(output.path): \(found.count) transients, 0 continuous events, 4.00 s of audio\n"
                || result.stdout.contains("\(found.count) transients, "), "\(result.stdout)")
        #expect(!result.stderr.contains("\r"), "no progress bar when standard error is not a terminal")
        let strict = try Self.run(["validate", "--strict", output.path])
        #expect(strict.status == 0, "\(strict.stderr)")
        // The same input gives the same file.
        let again = folder.appendingPathComponent("again.ahap")
        #expect(try Self.run(["from-audio", wav.path, "-o", again.path]).status == 0)
        #expect(try Data(contentsOf: again) == Data(contentsOf: output))
        // Transients only and continuous only.
        let only = try Self.run(["from-audio", wav.path, "-o", again.path, "--continuous-only"])
        #expect(only.status == 0 && only.stdout.contains(": 0 transients, "), "\(only.stdout)")
    }

    @Test func withAudioTheSoundAndTheTouchPlayTogether() throws {
        let folder = try Fixtures.temporaryDirectory()
        let sounds = folder.appendingPathComponent("sounds")
        try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
        var audio = SyntheticAudio(seconds: 1.5)
        audio.addNoiseBurst(at: 0.5, amplitude: 0.9)
        let wav = sounds.appendingPathComponent("knock.wav")
        try AudioFixtures.writeWAV(audio.samples, to: wav)
        let output = folder.appendingPathComponent("knock.ahap")
        let result = try Self.run(["from-audio", wav.path, "-o", output.path, "--with-audio"])
        #expect(result.status == 0, "\(result.stderr)")
        let pattern = try AHAPReader.read(Array(try Data(contentsOf: output))).pattern
        let sound = try #require(pattern.events.first { $0.type == .audioCustom })
        #expect(sound.waveform == .path("sounds/knock.wav") && sound.time == 0)
        #expect(try Self.run(["validate", "--strict", output.path]).status == 0)
        // Rendered as `haptic play` plays it: the haptic amplitude rises within a few milliseconds of the sound.
        let rendered = folder.appendingPathComponent("knock-render.wav")
        let render = try Self.run(["render", output.path, "-o", rendered.path, "--channels", "amplitude,audio"])
        #expect(render.status == 0, "\(render.stderr)")
        let file = try WAVFile(contentsOf: rendered)
        let rate = Double(file.sampleRate)
        let touch = try #require(file.channels[0].firstIndex { $0 > 0.05 })
        let sound0 = try #require(file.channels[1].firstIndex { abs($0) > 0.05 })
        print("with-audio: touch starts at \(Double(touch) / rate) s, sound at \(Double(sound0) / rate) s")
        #expect(abs(Double(touch - sound0) / rate) <= 0.005)
        #expect(abs(Double(sound0) / rate - 0.5) <= 0.002)
    }

    @Test func withAudioRefusesSoundsAPatternCannotPlay() throws {
        let folder = try Fixtures.temporaryDirectory()
        let inner = folder.appendingPathComponent("patterns")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        let wav = folder.appendingPathComponent("hits.wav")
        try AudioFixtures.writeWAV(Self.hits.audio.samples, to: wav)
        let outside = try Self.run(["from-audio", wav.path, "-o", inner.appendingPathComponent("x.ahap").path, "--with-audio"])
        #expect(outside.status == 1 && outside.stderr.contains("may not leave the pattern's folder"), "\(outside.stderr)")
        #expect(!FileManager.default.fileExists(atPath: inner.appendingPathComponent("x.ahap").path))
    }

    /// A silent sound makes no haptics, with `--with-audio` too: nothing is written and the summary says why. (The
    /// CLI used to write a pattern holding the sound alone, where the studio's import refused: issue 22 made one
    /// function build the pattern for both.)
    @Test func withAudioASilentSoundWritesNothing() throws {
        let folder = try Fixtures.temporaryDirectory()
        let wav = folder.appendingPathComponent("silence.wav")
        try AudioFixtures.writeWAV(SyntheticAudio(seconds: 1).samples, to: wav)
        let output = folder.appendingPathComponent("silence.ahap")
        let result = try Self.run(["from-audio", wav.path, "-o", output.path, "--with-audio"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("0 transients, 0 continuous events, 1.00 s of audio; the sound is silent"), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test(.needsLibsndfile) func compressedInputAndTheTwoBands() throws {
        let folder = try Fixtures.temporaryDirectory()
        let flac = folder.appendingPathComponent("hits.flac")
        try AudioFixtures.writeCompressed(Self.hits.audio.samples, format: .flac, to: flac)
        let output = folder.appendingPathComponent("pad.ahap")
        let result = try Self.run(["from-audio", flac.path, "-o", output.path, "--split-bands", "200", "--transients-only"])
        #expect(result.status == 0, "\(result.stderr)")
        let low = folder.appendingPathComponent("pad-low.ahap")
        let high = folder.appendingPathComponent("pad-high.ahap")
        #expect(result.stdout.contains("\(low.path): below 200 Hz: ") && result.stdout.contains("\(high.path): above 200 Hz: "))
        for url in [output, low, high] { #expect(try Self.run(["validate", "--strict", url.path]).status == 0) }
        // The thumps are in the low band.
        let lowHits = try Self.transients(in: low)
        #expect(Self.hits.thumps.allSatisfy { t in lowHits.contains { abs($0 - t) <= 0.015 } })
        // With --with-audio, a FLAC file cannot be an AudioCustom resource: said before any work.
        let playable = try Self.run(["from-audio", flac.path, "-o", output.path, "--with-audio"])
        #expect(playable.status == 1 && playable.stderr.contains("--with-audio needs a WAV file"), "\(playable.stderr)")
    }

    @Test func optionsAreCheckedBeforeAnyWork() throws {
        let folder = try Fixtures.temporaryDirectory()
        let output = folder.appendingPathComponent("out.ahap").path
        let cases: [([String], String)] = [
            (["--sensitivity", "1.5"], "--sensitivity must be 0 … 1"),
            (["--sensitivity", "nan"], "--sensitivity must be 0 … 1"),
            (["--max-rate", "0"], "--max-rate must be 1 … 40"),
            (["--max-rate", "1e308"], "--max-rate must be 1 … 40"),
            (["--split-bands", "10"], "--split-bands must be 40 … 4000 Hz"),
            (["--transients-only", "--continuous-only"], "exclude each other"),
        ]
        for (options, message) in cases {
            let result = try Self.run(["from-audio", "/nonexistent.wav", "-o", output] + options, seconds: 5)
            #expect(result.status == 64 && result.stderr.contains(message), "\(options): \(result.stderr)")
        }
        let extensionResult = try Self.run(["from-audio", "/nonexistent.wav", "-o", folder.appendingPathComponent("out.json").path])
        #expect(extensionResult.status == 64 && extensionResult.stderr.contains("must be an .ahap file"))
        let noFolder = try Self.run(["from-audio", "/nonexistent.wav", "-o", "/nonexistent-folder/out.ahap"])
        #expect(noFolder.status == 1 && noFolder.stderr.contains("does not exist"), "\(noFolder.stderr)")
    }

    @Test func badInputIsAClearErrorNeverACrash() throws {
        let folder = try Fixtures.temporaryDirectory()
        let output = folder.appendingPathComponent("out.ahap").path
        let good = Array(
            try { () throws -> Data in
                let url = folder.appendingPathComponent("good.wav")
                try AudioFixtures.writeWAV(Self.hits.audio.samples, to: url)
                return try Data(contentsOf: url)
            }())
        var zeroChannels = good
        zeroChannels[22] = 0
        let cases: [(String, [UInt8], String)] = [
            (
                "notes.wav", Array("these are words, not a sound\n".utf8),
                "not audio that can be analyzed (WAV, FLAC, Ogg/Vorbis, MP3, AIFF or CAF)"
            ),
            ("truncated.wav", Array(good.prefix(20_000)), "the data chunk claims 384000 bytes but only 19956 follow (truncated file?)"),
            ("zero-channels.wav", zeroChannels, "0 channels; 1 … 64 are supported"),
            (
                "ten-hours-claimed.wav", Self.eightBitHeader(dataBytes: 8_000 * 36_000) + [UInt8](repeating: 128, count: 4_000),
                "truncated file?"
            ),
        ]
        for (name, bytes, message) in cases {
            let url = folder.appendingPathComponent(name)
            try Data(bytes).write(to: url)
            let result = try Self.run(["from-audio", url.path, "-o", output], seconds: 10)
            #expect(result.status == 1, "\(name): \(result.stderr)")
            #expect(result.stderr.contains("\(url.path): error: ") && result.stderr.contains(message), "\(name): \(result.stderr)")
            #expect(result.stderr.contains("(invalidAudioResource, -4824)"), "\(name): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: output), "nothing written for bad input")
        let missing = try Self.run(["from-audio", folder.appendingPathComponent("none.wav").path, "-o", output])
        #expect(missing.status == 1 && missing.stderr.contains("no such file (fileNotFound, -4851)"), "\(missing.stderr)")
        let device = try Self.run(["from-audio", "/dev/zero", "-o", output], seconds: 5)
        #expect(device.status == 1 && device.stderr.contains("is a device"), "\(device.stderr)")
    }

    @Test func tenHourFilesAreRefusedByTheCapsAtOnce() throws {
        let folder = try Fixtures.temporaryDirectory()
        let output = folder.appendingPathComponent("out.ahap").path
        // Ten hours of 8 kHz mono 8-bit audio: 288 MB, under the 1 GiB byte cap; sparse, so it takes no disk.
        let small = folder.appendingPathComponent("ten-hours-8k.wav")
        let header = Self.eightBitHeader(dataBytes: 8_000 * 36_000)
        try Data(header).write(to: small)
        #expect(truncate(small.path, off_t(header.count + 8_000 * 36_000)) == 0)
        let byDuration = try Self.run(["from-audio", small.path, "-o", output], seconds: 3)
        #expect(byDuration.status == 1, "\(byDuration.stderr)")
        #expect(
            byDuration.stderr.contains("the audio lasts 10:00:00 (36000 s); the limit is 3600 s (PatternLimits.maxPatternDuration)"),
            "\(byDuration.stderr)")
        // Ten hours of 48 kHz 16-bit mono: 3.5 GB, refused by its size before a byte is read.
        let large = folder.appendingPathComponent("ten-hours-48k.wav")
        try Data(header).write(to: large)
        #expect(truncate(large.path, off_t(44 + 48_000 * 2 * 36_000)) == 0)
        let bySize = try Self.run(["from-audio", large.path, "-o", output], seconds: 3)
        #expect(bySize.status == 1 && bySize.stderr.contains("the limit is 1073741824 (InputKind.analysisAudio)"), "\(bySize.stderr)")
    }

    @Test func aMissingDecoderLibraryIsNamed() throws {
        let folder = try Fixtures.temporaryDirectory()
        // An Ogg stream's first bytes are enough to need libsndfile.
        let ogg = folder.appendingPathComponent("song.ogg")
        try Data(Array("OggS".utf8) + [UInt8](repeating: 0, count: 60)).write(to: ogg)
        let result = try Self.run(
            ["from-audio", ogg.path, "-o", folder.appendingPathComponent("out.ahap").path],
            environment: ["OPENCOREHAPTICS_LIBSNDFILE": "/nonexistent/libsndfile.so.1"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "this is Ogg audio. FLAC, Ogg/Vorbis and MP3 are read with libsndfile (/nonexistent/libsndfile.so.1), which could not be loaded"
            ),
            "\(result.stderr)")
        #expect(result.stderr.contains("apt-get install libsndfile1") && result.stderr.contains("(invalidAudioResource, -4824)"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "util-linux's script(1) is not installed"))
    func aProgressBarOnATerminalForLongInputs() throws {
        let folder = try Fixtures.temporaryDirectory()
        var audio = SyntheticAudio(seconds: 12)
        for i in 0..<20 { audio.addNoiseBurst(at: 0.5 + Double(i) * 0.55, amplitude: 0.7) }
        let wav = folder.appendingPathComponent("long.wav")
        try AudioFixtures.writeWAV(audio.samples, to: wav)
        let output = folder.appendingPathComponent("long.ahap")
        // script(1) gives the command a terminal; what it drew comes back on standard output.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "'\(try CommandRunner.hapticURL.path)' from-audio '\(wav.path)' -o '\(output.path)'", "/dev/null"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("\r[") && text.contains("%  0:00 of 0:12"), "\(text.debugDescription)")
        // The bar is cleared before the summary.
        #expect(text.contains("\u{1B}[2K\(output.path): 20 transients, "), "\(text.debugDescription)")
    }

    @Test(.enabled(if: !CommandRunner.sanitizerBuild, "a sanitizer build's shadow memory cannot run under ulimit -v"))
    func longAudioIsAnalyzedInBoundedMemory() throws {
        // Three minutes of 48 kHz stereo float audio is a 69 MB file; read whole and decoded it would take 138 MB on
        // top of the process (about 75 MB); streamed, the analysis stays within a 140 MB address space.
        let url = try Fixtures.temporaryDirectory().appendingPathComponent("long.wav")
        var header = Array(
            try { () throws -> Data in
                try AudioFixtures.writeWAV([], float: true, to: url)
                return try Data(contentsOf: url)
            }())
        let dataBytes = 48_000 * 180 * 2 * 4
        header[22] = 2  // stereo
        header[28...31] = [0x00, 0xDC, 0x05, 0x00]  // 384 000 bytes a second
        header[32] = 8  // block align
        for (i, shift) in [0, 8, 16, 24].enumerated() {
            header[40 + i] = UInt8(truncatingIfNeeded: dataBytes >> shift)
            header[4 + i] = UInt8(truncatingIfNeeded: (dataBytes + 36) >> shift)
        }
        try Data(header).write(to: url)
        #expect(truncate(url.path, off_t(header.count + dataBytes)) == 0)
        let output = url.deletingLastPathComponent().appendingPathComponent("long.ahap")
        let result = try Self.run(["from-audio", url.path, "-o", output.path], seconds: 60, memoryLimitKiB: 140_000)
        // Zeros are silence: nothing to write, and not an error.
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("0 transients, 0 continuous events, 180.00 s of audio; the sound is silent or too quiet"),
            "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// The header of an 8 kHz mono 8-bit WAV file with `dataBytes` of samples.
    static func eightBitHeader(dataBytes: Int) -> [UInt8] {
        func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        return Array("RIFF".utf8) + le32(36 + dataBytes) + Array("WAVEfmt ".utf8) + le32(16) + [1, 0, 1, 0] + le32(8_000) + le32(8_000)
            + [1, 0, 8, 0] + Array("data".utf8) + le32(dataBytes)
    }
}
#endif
