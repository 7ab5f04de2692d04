import Foundation
import HapticSystem
import HapticTestSupport
import Testing

/// `haptic bounce` end to end: without a terminal (printed collisions), and as the game in a real terminal (tmux).
@Suite(.offTheConcurrencyPool) struct BounceCommandTests {
    /// The tmux executable, if installed.
    static let tmux: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test func collisionsPlayWithTheSampleMapping() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let wav = folder.appendingPathComponent("bounce.wav")
        let result = try CommandRunner.haptic(["bounce", "--seconds", "2", "--device", "wav:\(wav.path)"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").filter { $0.contains("collision ") }
        #expect(lines.count >= 2, "\(result.stdout)")
        // Apple's mapping: magnitude = speed / 5 clamped; intensity 0.375 → 1, sharpness 0.9 → 0.5,
        // volume 0.1 → 0.4, decay 0 → 0.1.
        for line in lines {
            let words = line.split(separator: " ")
            func value(after key: String) -> Double? {
                words.firstIndex { $0 == key }.flatMap { Double(words[$0 + 1]) }
            }
            let speed = try #require(value(after: "speed"))
            let magnitude = min(max(speed / 5, 0), 1)
            #expect(abs(try #require(value(after: "intensity")) - (0.375 + magnitude * 0.625)) < 0.006, "\(line)")
            #expect(abs(try #require(value(after: "sharpness")) - (0.9 - magnitude * 0.4)) < 0.006, "\(line)")
            #expect(abs(try #require(value(after: "volume")) - (0.1 + magnitude * 0.3)) < 0.006, "\(line)")
            #expect(abs(try #require(value(after: "decay")) - magnitude * 0.1) < 0.0006, "\(line)")
        }
        #expect(result.stdout.contains("\(lines.count) collisions in"), "\(result.stdout)")
        // Each collision reached the device as haptics and audio.
        let recorded = try RecordedWAV(contentsOf: wav)
        #expect(RecordedWAV.firstActive(recorded.drive) != nil, "no haptic output")
        #expect(RecordedWAV.firstActive(recorded.audioLeft) != nil, "no audio output")
    }

    @Test(.enabled(if: tmux != nil, "tmux is not installed: the interactive bounce test needs it (apt-get install tmux)"))
    func playsInATerminal() throws {
        let tmux = try #require(Self.tmux)
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let socket = "haptic-test-\(UUID().uuidString.prefix(8))"
        let status = folder.appendingPathComponent("status")
        let wav = folder.appendingPathComponent("bounce.wav")
        @discardableResult
        func run(_ arguments: [String]) throws -> String {
            let capture = folder.appendingPathComponent("tmux-\(UUID().uuidString).txt")
            defer { try? FileManager.default.removeItem(at: capture) }
            var environment = ProcessInfo.processInfo.environment
            environment["TERM"] = "xterm-256color"
            try TerminalProcess.run(tmux, ["-L", socket] + arguments, environment: environment, output: capture.path)
            return (try? String(contentsOf: capture, encoding: .utf8)) ?? ""
        }
        defer { _ = try? run(["kill-server"]) }
        func screen() throws -> String { try run(["capture-pane", "-p", "-t", "bounce"]) }
        func waitFor(_ what: String, timeout: TimeInterval = 30, _ condition: (String) -> Bool) throws -> String {
            let deadline = Date().addingTimeInterval(timeout)
            var text = ""
            while Date() < deadline {
                text = try screen()
                if condition(text) { return text }
                usleep(100_000)
            }
            Issue.record("timed out waiting for \(what); the pane shows:\n\(text)")
            return text
        }

        let haptic = try CommandRunner.hapticURL.path
        let command = "HAPTIC_DEVICE='wav:\(wav.path)' '\(haptic)' bounce; echo $? > '\(status.path)'; sleep 1"
        try run(["new-session", "-d", "-s", "bounce", "-x", "80", "-y", "24", command])

        // The box fills the 80 × 24 pane: title, top edge, 20 rows, bottom edge, status.
        var text = try waitFor("the box") { $0.contains("└") && $0.contains("collisions:") }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains { $0.hasPrefix("┌") && $0.hasSuffix("┐") && $0.count == 79 }, "\(text)")
        #expect(lines.filter { $0.hasPrefix("│") && $0.hasSuffix("│") }.count == 20, "\(text)")
        #expect(text.contains("O"), "no ball:\n\(text)")
        #expect(text.contains("gravity ↓"))

        // Tilt: gravity points left, then up; the ball keeps hitting walls.
        try run(["send-keys", "-t", "bounce", "Left"])
        text = try waitFor("gravity to point left") { $0.contains("gravity ←") }
        try run(["send-keys", "-t", "bounce", "Up"])
        text = try waitFor("gravity to point up") { $0.contains("gravity ↑") }
        text = try waitFor("a collision") { Self.collisions(in: $0) ?? 0 > 0 }
        let count = try #require(Self.collisions(in: text))
        #expect(count > 0)
        #expect(text.contains("last impact: intensity"), "\(text)")

        // q quits with 0.
        try run(["send-keys", "-t", "bounce", "q"])
        let deadline = Date().addingTimeInterval(30)
        while ((try? String(contentsOf: status, encoding: .utf8)) ?? "").isEmpty && Date() < deadline { usleep(100_000) }
        let code = try String(contentsOf: status, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(code == "0")
        // The collisions played: haptics and audio reached the device.
        let recorded = try RecordedWAV(contentsOf: wav)
        #expect(RecordedWAV.firstActive(recorded.drive) != nil, "no haptic output")
        #expect(RecordedWAV.firstActive(recorded.audioLeft) != nil, "no audio output")
    }

    /// The number after "collisions:" on the status line.
    static func collisions(in screen: String) -> Int? {
        guard let range = screen.range(of: "collisions: ") else { return nil }
        return Int(screen[range.upperBound...].prefix { $0.isNumber })
    }
}

/// Runs tmux with `posix_spawn` and waits for it.
///
/// Not `Process`: the test runner's threads block most signals, `Process` children inherit that mask, and a tmux
/// server (plus the game under it) started that way never sees `SIGHUP`/`SIGTERM`; `Process` also misses the end
/// of a client whose daemonized server inherited its descriptors. Here the child starts with an empty signal mask
/// and default actions, and `waitpid` reaps it.
enum TerminalProcess {
    struct Failure: Error, CustomStringConvertible { var description: String }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String], output: String) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGCHLD] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw Failure(description: "posix_spawn \(executable): error \(spawned)") }
        let deadline = Date().addingTimeInterval(30)
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result == -1 && errno != EINTR) { return }  // ended (or reaped by someone else)
            if Date() > deadline {
                kill(pid, SIGKILL)
                throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) did not end in 30 s")
            }
            usleep(10_000)
        }
    }
}
