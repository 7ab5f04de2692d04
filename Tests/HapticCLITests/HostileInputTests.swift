#if os(Linux)
import Foundation
import Glibc
import HapticTestSupport
import Testing

/// Hostile files and options on the command line: each refused with the truth (code, place), quickly, in bounded
/// memory, and never with a trap.
@Suite(.offTheConcurrencyPool) struct HostileInputTests {
    /// Runs `haptic` and checks it ended by itself (no signal) within `seconds`, less the time a busy machine kept
    /// its threads from a CPU (``CommandRunner/Result/unloadedSeconds``: a 5 s run took 70 s under a CPU hog).
    static func run(_ arguments: [String], seconds: Double = 20, memoryLimitKiB: Int? = nil) throws -> CommandRunner.Result {
        let result = try CommandRunner.haptic(arguments, timeout: seconds + 10, memoryLimitKiB: memoryLimitKiB)
        #expect(
            !result.signaled, "haptic \(arguments.joined(separator: " ")) died of signal \(result.status): \(result.stderr.suffix(400))")
        #expect(
            result.unloadedSeconds < seconds,
            "haptic \(arguments.joined(separator: " ")) took too long: \(result.unloadedSeconds) s (\(result.wallSeconds) s on the clock)")
        return result
    }

    @Test func aFIFONamedLikeAPatternIsAFIFONotAMissingFile() throws {
        let fifo = try Fixtures.temporaryDirectory().appendingPathComponent("evil.haptic").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for command in ["validate", "info", "convert", "play"] {
            var arguments = [command, fifo]
            if command == "convert" { arguments += ["-o", fifo + ".ahap"] }
            if command == "play" { arguments += ["--device", "null"] }
            let result = try Self.run(arguments, seconds: 10)
            #expect(result.status == 1, "\(command)")
            #expect(
                result.stderr.contains("named pipe (FIFO)") && result.stderr.contains("(fileNotFound, -4851)"),
                "\(command): \(result.stderr)")
        }
    }

    @Test func endlessAndSpecialFilesAreRefusedQuickly() throws {
        for path in ["/dev/zero", "/dev/urandom"] {
            let result = try Self.run(["validate", path], seconds: 10)
            #expect(result.status == 1 && result.stderr.contains("is a device"), "\(path): \(result.stderr)")
        }
        let profile = try Self.run(["render", "Tests/Fixtures/ahap/Tour.ahap", "-o", "/dev/null", "--profile", "/dev/zero"], seconds: 10)
        #expect(profile.status == 1 && profile.stderr.contains("is a device"), "\(profile.stderr)")
        let log = try Self.run(["lint", "--as", "log", "/dev/zero"], seconds: 10)
        #expect(log.status == 1 && log.stderr.contains("is a device"), "\(log.stderr)")
    }

    @Test func hugeNumbersInAHapticFileAreRefusedBeforeUse() throws {
        let folder = try Fixtures.temporaryDirectory()
        for time in ["1e300", "1e5"] {
            let file = folder.appendingPathComponent("huge.haptic")
            try
                #"{"version":{"major":1,"minor":0,"patch":0},"signals":{"continuous":{"envelopes":{"amplitude":[{"time":0,"amplitude":0.5},{"time":\#(time),"amplitude":0}]}}}}"#
                .write(to: file, atomically: false, encoding: .utf8)
            let result = try Self.run(
                ["convert", file.path, "-o", folder.appendingPathComponent("out.ahap").path], seconds: 5, memoryLimitKiB: 2_000_000)
            #expect(result.status == 1)
            #expect(result.stderr.contains("huge.haptic:1:"), "\(result.stderr)")
            #expect(
                result.stderr.contains("amplitude[1].time") && result.stderr.contains("(invalidPatternData, -4813)"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.ahap").path))
        }
        // A wrong type is a wrong type, located, not "not valid JSON".
        let typed = folder.appendingPathComponent("typed.haptic")
        try #"{"version":{"major":"1","minor":0,"patch":0},"signals":{"continuous":{"envelopes":{"amplitude":[]}}}}"#
            .write(to: typed, atomically: false, encoding: .utf8)
        let result = try Self.run(["info", typed.path])
        #expect(result.status == 1 && result.stderr.contains("version.major: expected a number, found a string"), "\(result.stderr)")
        #expect(!result.stderr.contains("not valid JSON"))
    }

    @Test func optionsAreCheckedBeforeAnyWork() throws {
        let folder = try Fixtures.temporaryDirectory()
        let output = folder.appendingPathComponent("out.wav").path
        let channels = Array(repeating: "haptic", count: 65).joined(separator: ",")
        let wide = try Self.run(["render", "Tests/Fixtures/ahap/Tour.ahap", "-o", output, "--channels", channels], seconds: 5)
        #expect(wide.status == 64 && wide.stderr.contains("a WAV file holds at most 64"), "\(wide.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output), "nothing rendered or written")
        for step in ["9223372036854775807", "1000000000", "0", "-5"] {
            let result = try Self.run(
                [
                    "convert", "Tests/Fixtures/ahap/Pulse.ahap", "-o", folder.appendingPathComponent("w.json").path, "--to", "web",
                    "--step=\(step)",
                ], seconds: 5)
            #expect(result.status == 64 && result.stderr.contains("--step must be 1 … 1000 ms"), "\(step): \(result.stderr)")
        }
    }

    @Test(.enabled(if: !CommandRunner.sanitizerBuild, "a sanitizer build's shadow memory cannot run under ulimit -v"))
    func longRendersStreamToDiskInBoundedMemory() throws {
        // Five minutes of haptics: kept in memory (eight signals of 14.4 M frames) that is 460 MB; streamed, the
        // process stays far below the 250 MB address-space limit it runs under here.
        let folder = try Fixtures.temporaryDirectory()
        let pattern = folder.appendingPathComponent("long.ahap")
        try #"{"Pattern":[{"Event":{"Time":299.9,"EventType":"HapticTransient"}}]}"#.write(to: pattern, atomically: false, encoding: .utf8)
        let output = folder.appendingPathComponent("long.wav")
        let result = try Self.run(
            ["render", pattern.path, "-o", output.path, "--channels", "haptic"], seconds: 60, memoryLimitKiB: 250_000)
        #expect(result.status == 0, "\(result.stderr)")
        let size = (try FileManager.default.attributesOfItem(atPath: output.path)[.size] as? NSNumber)?.intValue ?? 0
        #expect(size == 44 + 14_400_000 * 4, "a complete 300 s float WAV")
    }

    @Test func untrustedTextCannotDriveTheTerminal() throws {
        let folder = try Fixtures.temporaryDirectory()
        let file = folder.appendingPathComponent("esc.ahap")
        try
            #"{"Metadata":{"Project":"\u001b[2K\rOK \u0007"},"Pattern":[{"Event":{"Time":0,"EventType":"HapticTransient","\u001b]0;title\u0007":1}}]}"#
            .write(to: file, atomically: false, encoding: .utf8)
        let validate = try Self.run(["validate", file.path])
        let info = try Self.run(["info", file.path])
        for text in [validate.stdout, validate.stderr, info.stdout, info.stderr] {
            #expect(
                !text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x0D },
                "raw control character in \(text)")
        }
        #expect(validate.stderr.contains(#"unknown key "\u{1B}]0;title\u{7}""#), "\(validate.stderr)")
        #expect(info.stdout.contains(#"\u{1B}[2K\u{D}OK \u{7}"#), "\(info.stdout)")
    }

    @Test func readingProblemsTellTheTruth() throws {
        let folder = try Fixtures.temporaryDirectory()
        // A property-list date where a number belongs.
        let plist = folder.appendingPathComponent("date.plist")
        // The event is typed: PropertyBased (imported by this target's property tests) makes Date a string literal, so
        // an untyped literal here became [String: Date] and "HapticTransient" a date.
        let event: [String: Any] = ["Time": Date(timeIntervalSince1970: 0), "EventType": "HapticTransient"]
        let dictionary: [String: Any] = ["Pattern": [["Event": event]]]
        try PropertyListSerialization.data(fromPropertyList: dictionary, format: .xml, options: 0).write(to: plist)
        let date = try Self.run(["validate", plist.path])
        #expect(date.status == 1 && date.stderr.contains("Pattern[0].Event.Time: a date, which AHAP has no form for"), "\(date.stderr)")
        #expect(!date.stderr.contains("not null"))
        // A duplicate Pattern key is a located warning (the first array is lost).
        let duplicate = folder.appendingPathComponent("dup.ahap")
        try
            #"{"Pattern":[{"Event":{"Time":0,"EventType":"HapticTransient"}}],"Pattern":[{"Event":{"Time":1,"EventType":"HapticTransient"}}]}"#
            .write(to: duplicate, atomically: false, encoding: .utf8)
        let dup = try Self.run(["validate", "--strict", duplicate.path])
        #expect(dup.status == 1 && dup.stderr.contains("dup.ahap:1:65: warning: duplicate key \"Pattern\""), "\(dup.stderr)")
    }

    @Test func aKilledRecordingIsStillAReadableFile() throws {
        let wav = try Fixtures.temporaryDirectory().appendingPathComponent("killed.wav")
        let process = Process()
        process.executableURL = try CommandRunner.hapticURL
        process.arguments = ["play", "Tests/Fixtures/ahap/Spring.ahap", "--loop", "--device", "wav:\(wav.path)"]
        process.currentDirectoryURL = Fixtures.packageRoot
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let clock = ContinuousClock()
        let launched = clock.now
        try process.run()
        // Killed once it has recorded more than half a second (after 1.5 s of wall-clock time, a loaded machine had
        // not yet started the engine: 0.3 s recorded).
        func recordedSeconds() -> Double {
            guard let recorded = try? WAVFile(contentsOf: wav) else { return 0 }
            return Double(recorded.frameCount) / Double(recorded.sampleRate)
        }
        while recordedSeconds() < 0.6 && process.isRunning && clock.now < launched + .seconds(120) { usleep(50_000) }
        kill(process.processIdentifier, SIGKILL)
        let ran = clock.now - launched
        let ranSeconds = Double(ran.components.seconds) + Double(ran.components.attoseconds) / 1e18
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        // No stop, no header fix-up at exit: the strict reader still accepts the file, up to its last block.
        let recorded = try WAVFile(contentsOf: wav)
        let seconds = Double(recorded.frameCount) / Double(recorded.sampleRate)
        // Paced: never more than the time it ran.
        #expect(seconds > 0.5 && seconds < ranSeconds, "\(seconds) s recorded in \(ran) of real time (paced)")
        #expect(recorded.channels[0].contains { abs($0) > 0.01 }, "the haptic drive is in the file")
    }

    @Test func validateReportsEveryErrorAndChecksAudioAsPlayDoes() throws {
        let folder = try Fixtures.temporaryDirectory()
        try Data().write(to: folder.appendingPathComponent("empty.wav"))
        let file = folder.appendingPathComponent("bad.ahap")
        try """
        {"Pattern": [
          {"Event": {"Time": -1, "EventType": "HapticTransient"}},
          {"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "empty.wav"}},
          {"Event": {"Time": 0, "EventType": "Buzz"}},
          {"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "../escape.wav"}}
        ]}
        """.write(to: file, atomically: false, encoding: .utf8)
        let result = try Self.run(["validate", file.path])
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 4, "\(result.stderr)")
        #expect(result.stderr.contains("bad.ahap:2:") && result.stderr.contains("bad.ahap:4:"))
        #expect(result.stderr.contains("empty.wav") && result.stderr.contains("(invalidAudioResource, -4824)"), "\(result.stderr)")
        #expect(result.stderr.contains("leaves the pattern's folder"))
    }

    @Test func hapticFilesWorkWhereverAHAPDoes() throws {
        let folder = try Fixtures.temporaryDirectory()
        let haptic = folder.appendingPathComponent("spring.haptic").path
        #expect(try Self.run(["convert", "Tests/Fixtures/ahap/Spring.ahap", "-o", haptic]).status == 0)
        let info = try Self.run(["info", haptic])
        #expect(info.status == 0 && info.stdout.contains("HapticContinuous"), "\(info.stderr)")
        #expect(try Self.run(["validate", haptic]).status == 0)
        #expect(try Self.run(["plot", haptic, "-o", folder.appendingPathComponent("p.svg").path]).status == 0)
        #expect(try Self.run(["render", haptic, "-o", folder.appendingPathComponent("r.wav").path]).status == 0)
        #expect(try Self.run(["lint", haptic]).status != 64)
        let play = try Self.run(["play", haptic, "--device", "null"])
        #expect(play.status == 0, "\(play.stderr)")
    }

    /// No Swift runtime trap is reachable from an option or a file: every subcommand, extreme numbers, hostile files.
    @Test func noOptionOrFileMakesAnySubcommandTrap() throws {
        let folder = try Fixtures.temporaryDirectory()
        let numbers = ["0", "-1", "1e308", "-1e308", "nan", "inf", "-inf", "9223372036854775807", "-9223372036854775808", "1e-320", "abc"]
        let tour = "Tests/Fixtures/ahap/Tour.ahap"
        var runs: [[String]] = []
        for n in numbers {
            runs.append(["render", tour, "-o", folder.appendingPathComponent("r.wav").path, "--sample-rate", n])
            runs.append(["render", tour, "-o", folder.appendingPathComponent("r.wav").path, "--duration", n])
            runs.append(["convert", tour, "-o", folder.appendingPathComponent("c.json").path, "--to", "android", "--step", n])
            runs.append(["plot", tour, "-o", folder.appendingPathComponent("p.png").path, "--width", n])
            runs.append(["plot", tour, "-o", folder.appendingPathComponent("p.png").path, "--height", n])
            runs.append(["play", "success", "--device", "null", "--rate", n])
            runs.append(["play", "success", "--device", "null", "--intensity-scale", n])
            runs.append(["bounce", "--device", "null", "--frames", n])
            runs.append(["bounce", "--device", "null", "--seconds", n])
            runs.append(["lint", tour, "--long-continuous", n])
        }
        // Hostile files for every command that reads one.
        let hostile: [(String, [UInt8])] = [
            ("empty.ahap", []), ("binary.ahap", (0..<256).map { UInt8($0) }),
            ("deep.ahap", Array(String(repeating: "[", count: 100_000).utf8)),
            ("number.ahap", Array(#"{"Pattern":[{"Event":{"Time":1e999,"EventType":"HapticTransient"}}]}"#.utf8)),
            ("long.ahap", Array(#"{"Pattern":[{"Event":{"Time":3600,"EventType":"HapticContinuous","EventDuration":1e308}}]}"#.utf8)),
            ("bad.haptic", Array(#"{"version":{"major":1e308,"minor":-1,"patch":0.5},"signals":1}"#.utf8)),
            ("bad.plist", Array("<?xml version=\"1.0\"?><plist><array><integer>99999999999999999999</integer></array></plist>".utf8)),
        ]
        for (name, bytes) in hostile {
            let path = folder.appendingPathComponent(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            runs.append(["validate", path])
            runs.append(["info", path])
            runs.append(["convert", path, "-o", folder.appendingPathComponent("x.haptic").path])
            runs.append(["plot", path, "-o", folder.appendingPathComponent("x.svg").path])
            runs.append(["render", path, "-o", folder.appendingPathComponent("x.wav").path, "--duration", "0.1"])
            runs.append(["lint", path])
            runs.append(["play", path, "--device", "null"])
        }
        for arguments in runs {
            let result = try Self.run(arguments, seconds: 30)
            #expect(
                [0, 1, 64].contains(result.status),
                "haptic \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr.suffix(300))")
        }
    }
}
#endif
