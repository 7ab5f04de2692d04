import Foundation
import Testing

/// A running PipeWire daemon for the tests that need one, and the `pw-play` "applications" they play with.
///
/// The daemon is not started here: `.ci/pipewire.sh` starts `pipewire` and `wireplumber` under `dbus-run-session` in a
/// private `XDG_RUNTIME_DIR`, sets `HAPTIC_TEST_PIPEWIRE=1` and runs `swift test --filter PipeWire`. Elsewhere these
/// tests are skipped with that reason.
public enum PipeWireFixture {
    /// Whether a daemon was started for the tests (and its socket is there).
    public static var isAvailable: Bool {
        let environment = ProcessInfo.processInfo.environment
        guard environment["HAPTIC_TEST_PIPEWIRE"] == "1", let runtime = environment["XDG_RUNTIME_DIR"] else { return false }
        return FileManager.default.fileExists(atPath: runtime + "/pipewire-0")
    }

    /// Why the PipeWire tests are skipped.
    public static let skipReason =
        "needs a PipeWire daemon: run .ci/pipewire.sh (it starts pipewire and wireplumber in a private XDG_RUNTIME_DIR)"

    /// Writes a 16-bit WAV file of `channels` (equal lengths) at `sampleRate`.
    public static func writeWAV(_ channels: [[Float]], sampleRate: Int = 48_000, to url: URL) throws {
        let frames = channels.first?.count ?? 0
        var data = Data()
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { data.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { data.append(contentsOf: $0) } }
        let bytes = frames * channels.count * 2
        data.append(contentsOf: Array("RIFF".utf8))
        u32(36 + bytes)
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        u32(16)
        u16(1)
        u16(channels.count)
        u32(sampleRate)
        u32(sampleRate * channels.count * 2)
        u16(channels.count * 2)
        u16(16)
        data.append(contentsOf: Array("data".utf8))
        u32(bytes)
        for i in 0..<frames {
            for channel in channels {
                let value = Int16(Swift.max(-1, Swift.min(1, channel[i])) * 32_767)
                withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
            }
        }
        try data.write(to: url)
    }

    /// Starts `pw-play` on `file` with node properties `properties` (`node.name=…`) and, when given, a `target`.
    ///
    /// - Returns: the running process (terminate it when done; it ends by itself at the file's end).
    public static func play(_ file: URL, properties: [String: String] = [:], target: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["pw-play"]
        if !properties.isEmpty {
            arguments += ["-P", "{ " + properties.map { "\($0.key)=\"\($0.value)\"" }.joined(separator: " ") + " }"]
        }
        if let target { arguments += ["--target", target] }
        process.arguments = arguments + [file.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only with a PipeWire daemon started for the tests (``PipeWireFixture``); otherwise it is reported
    /// as skipped, with the reason.
    public static var needsPipeWire: Self {
        .enabled(if: PipeWireFixture.isAvailable, Comment(rawValue: PipeWireFixture.skipReason))
    }
}
