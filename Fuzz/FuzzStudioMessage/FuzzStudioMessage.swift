// libFuzzer harness: untrusted WebSocket text → the studio session's message handler (StudioSession.handle), on a
// temporary folder with one pattern and one sound, whose only output is `null`. Every message must get one JSON
// reply (a result or an error), never a trap. A message that starts playback is stopped right after its reply, so no
// input keeps the null output playing in real time.

import Foundation
import HapticDevices
import HapticRender
import HapticStudioCore
import OpenCoreHaptics

private func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("FuzzStudioMessage invariant: \(message())") }
}

/// The only output: `null`, a device that discards everything.
private struct NullOutputSource: StudioOutputSource {
    func outputs() -> [StudioOutput] {
        [StudioOutput(id: "null", label: "No output (null)", kind: "null", profile: ActuatorProfile.simulatedTapticLRA.name)]
    }

    func makeEngine(for id: String) throws(StudioError) -> CHHapticEngine? {
        id == "null" ? CHHapticEngine(device: NullDevice()) : nil
    }
}

/// The session and its playback, made once: a fresh temporary folder with `Tap.ahap` and `sounds/click.wav`.
private struct Studio {
    let session: StudioSession
    let playback: StudioPlayback

    init() {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-studio-\(getpid())")
        try? FileManager.default.removeItem(at: root)
        try! FileManager.default.createDirectory(at: root.appendingPathComponent("sounds"), withIntermediateDirectories: true)
        let tap = #"{"Version":1,"Pattern":[{"Event":{"Time":0,"EventType":"HapticTransient"}}]}"#
        try! Data(tap.utf8).write(to: root.appendingPathComponent("Tap.ahap"))
        let click = WAVEncoderBytes.click()
        try! Data(click).write(to: root.appendingPathComponent("sounds/click.wav"))
        var limits = StudioLimits()
        limits.maxListedFiles = 200
        let folder = try! StudioFolder(path: root.path, limits: limits)
        let outputs = StudioOutputs(sources: [NullOutputSource()])
        session = StudioSession(folder: folder, outputs: outputs, limits: limits, registry: StudioPlaybackRegistry())
        playback = StudioPlayback(outputs: outputs, known: outputs.list()) { _ in }
    }
}

/// A 10 ms, 16-bit mono click at 8 kHz (a RIFF/WAVE file written by hand, so the harness needs no encoder).
private enum WAVEncoderBytes {
    static func click() -> [UInt8] {
        let frames = 80
        var bytes: [UInt8] = []
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
        func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
        bytes += Array("RIFF".utf8)
        u32(UInt32(36 + frames * 2))
        bytes += Array("WAVEfmt ".utf8)
        u32(16)
        u16(1)
        u16(1)
        u32(8_000)
        u32(16_000)
        u16(2)
        u16(16)
        bytes += Array("data".utf8)
        u32(UInt32(frames * 2))
        for i in 0..<frames { u16(UInt16(bitPattern: Int16(i < 8 ? 20_000 : 0))) }
        return bytes
    }
}

private let studio = Studio()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStudioMessage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let reply = studio.session.handle(text, playback: studio.playback)
    studio.playback.stop()
    guard let object = try? JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any] else {
        require(false, "the reply is not a JSON object: \(reply.prefix(200))")
        return 0
    }
    require(object["ok"] is Bool, "a reply without ok: \(reply.prefix(200))")
    return 0
}
