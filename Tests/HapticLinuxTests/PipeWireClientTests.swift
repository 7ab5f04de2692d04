#if os(Linux)
import Foundation
import HapticSystem
import HapticTestSupport
import Synchronization
import Testing

@testable import HapticLinux

/// The PipeWire client against a real daemon (started by .ci/pipewire.sh): the connection's registry, a sink others
/// play into, and the capture of an application's stream.
@Suite(.needsPipeWire, .serialized)
struct PipeWireClientTests {
    /// Collects registry events and wakes a waiter on each.
    final class Events: Sendable {
        let nodes = LockedState<[UInt32: PipeWireNode]>([:])
        let changed = WakeSignal()

        func handle(_ event: PipeWireConnection.Event) {
            switch event {
            case .nodeAdded(let node): nodes.withLock { $0[node.id] = node }
            case .nodeRemoved(let id): nodes.withLock { $0[id] = nil }
            case .disconnected: break
            }
            changed.signal()
        }

        /// The first node `match` accepts, waiting up to `seconds` for it.
        func node(within seconds: Double = 10, _ match: (PipeWireNode) -> Bool) -> PipeWireNode? {
            let deadline = MonotonicClock.now() + seconds
            while true {
                if let found = nodes.withLock({ $0.values.first(where: match) }) { return found }
                guard MonotonicClock.now() < deadline else { return nil }
                changed.wait(until: Swift.min(deadline, MonotonicClock.now() + 0.05))
            }
        }
    }

    /// Waits up to `seconds` for `ring` to hold `frames` frames.
    static func wait(for ring: AudioFrameRing, frames: Int, seconds: Double = 10, wake: WakeSignal) -> Bool {
        let deadline = MonotonicClock.now() + seconds
        while ring.available < frames {
            guard MonotonicClock.now() < deadline else { return false }
            wake.wait(until: Swift.min(deadline, MonotonicClock.now() + 0.05))
        }
        return true
    }

    static func rms(_ values: ArraySlice<Float>) -> Float {
        (values.reduce(0) { $0 + $1 * $1 } / Float(Swift.max(values.count, 1))).squareRoot()
    }

    static func tone(_ frequency: Double, amplitude: Float, seconds: Double) -> [Float] {
        (0..<Int(seconds * 48_000)).map { amplitude * Float(sin(2 * Double.pi * frequency * Double($0) / 48_000)) }
    }

    @Test func theRegistryShowsTheGraphsNodes() throws {
        let events = Events()
        let connection = try PipeWireConnection(name: "haptic-test") { events.handle($0) }
        defer { connection.close() }
        // pipewire's own configuration always has the dummy driver.
        let driver = events.node { $0.name == "Dummy-Driver" }
        #expect(driver != nil)
        #expect(connection.nodes.contains { $0.name == "Dummy-Driver" })
    }

    @Test func aDualSenseShapedSinkCarriesChannelsThreeAndFour() throws {
        let events = Events()
        let connection = try PipeWireConnection(name: "haptic-test") { events.handle($0) }
        defer { connection.close() }
        let name = "haptic_test_sink_\(getpid())"
        let sink = try PipeWireStream(
            connection: connection, name: name,
            properties: [
                ("media.class", "Audio/Sink"), ("node.name", name), ("node.description", "Test sink"), ("node.latency", "256/48000"),
                ("audio.position", "[FL,FR,RL,RR]"), (PipeWireNode.bridgeMarker, "sink"),
            ],
            format: .dualSense, left: 2, right: 3, autoconnect: false
        ) { _, _ in }
        let wake = WakeSignal()
        let input = BridgeInput(label: "test", wake: wake, capacity: 96_000)
        // The stream reads the input unretained: destroyed first (a defer before `input` would run after its release).
        defer {
            sink.destroy()
            withExtendedLifetime(input) {}
        }
        let node = events.node { $0.name == name }
        #expect(node?.mediaClass == "Audio/Sink")
        #expect(sink.fanOut.attach(input))
        // Speaker channels loud, coils at two distinct levels: only the coils may come through.
        let file = try Fixtures.temporaryDirectory().appendingPathComponent("four.wav")
        try PipeWireFixture.writeWAV(
            [
                Self.tone(300, amplitude: 0.9, seconds: 1), Self.tone(300, amplitude: 0.9, seconds: 1),
                Self.tone(100, amplitude: 0.5, seconds: 1),
                Self.tone(150, amplitude: 0.25, seconds: 1),
            ], to: file)
        let player = try PipeWireFixture.play(file, target: name)
        defer { player.terminate() }
        #expect(Self.wait(for: input.ring, frames: 24_000, wake: wake))
        var left = [Float](repeating: 0, count: 24_000)
        var right = [Float](repeating: 0, count: 24_000)
        input.ring.read(left: &left, right: &right, frames: 24_000)
        // The file's first frames may be preceded by a little silence: measure the last half.
        let leftLevel = Self.rms(left[12_000...])
        let rightLevel = Self.rms(right[12_000...])
        #expect(abs(leftLevel - 0.5 / Float(2).squareRoot()) < 0.05, "left (channel 3) rms \(leftLevel)")
        #expect(abs(rightLevel - 0.25 / Float(2).squareRoot()) < 0.05, "right (channel 4) rms \(rightLevel)")
        #expect(input.ring.dueTime(ofFrame: 0, sampleRate: 48_000) != nil)
        // The data thread counts a quantum after it wrote it to the rings: the count may lag the ring by one.
        let counted = WakeSignal()
        let countDeadline = MonotonicClock.now() + 10
        while sink.fanOut.frameCount < 24_000, MonotonicClock.now() < countDeadline { counted.wait(until: MonotonicClock.now() + 0.01) }
        #expect(sink.fanOut.frameCount >= 24_000)
    }

    @Test func aCaptureStreamHearsOneApplication() throws {
        let events = Events()
        let connection = try PipeWireConnection(name: "haptic-test") { events.handle($0) }
        defer { connection.close() }
        let file = try Fixtures.temporaryDirectory().appendingPathComponent("app.wav")
        try PipeWireFixture.writeWAV([Self.tone(200, amplitude: 0.6, seconds: 3), Self.tone(200, amplitude: 0.3, seconds: 3)], to: file)
        let appName = "haptic-test-app-\(getpid())"
        let player = try PipeWireFixture.play(file, properties: ["node.name": appName, "application.name": appName])
        defer { player.terminate() }
        let app = try #require(events.node { $0.isPlaybackStream && $0.matches(appName) })
        let capture = try PipeWireStream(
            connection: connection, name: "haptic-test-capture",
            properties: [
                ("media.type", "Audio"), ("media.category", "Capture"), ("node.name", "haptic-test-capture"), ("target.object", app.target),
                ("node.latency", "256/48000"), ("node.dont-reconnect", "true"), (PipeWireNode.bridgeMarker, "capture"),
            ],
            format: .stereo, left: 0, right: 1, autoconnect: true
        ) { _, _ in }
        let wake = WakeSignal()
        let input = BridgeInput(label: "app", wake: wake, capacity: 96_000)
        defer {
            capture.destroy()
            withExtendedLifetime(input) {}
        }
        capture.fanOut.attach(input)
        #expect(Self.wait(for: input.ring, frames: 24_000, wake: wake))
        var left = [Float](repeating: 0, count: 24_000)
        var right = [Float](repeating: 0, count: 24_000)
        input.ring.read(left: &left, right: &right, frames: 24_000)
        #expect(abs(Self.rms(left[12_000...]) - 0.6 / Float(2).squareRoot()) < 0.06)
        #expect(abs(Self.rms(right[12_000...]) - 0.3 / Float(2).squareRoot()) < 0.06)
    }
}
#endif
