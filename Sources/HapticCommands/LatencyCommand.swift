import ArgumentParser
import Foundation
import HapticDevices
import HapticLinux
import HapticSystem
import OpenCoreHaptics
import Synchronization

/// `haptic latency`: how long a start takes to reach the chosen output, measured through the real engine.
struct LatencyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "latency",
        abstract: "Measure the engine's latency on an output: API call → device write.",
        discussion: """
            Plays a single tap at CHHapticTimeImmediate --count times on the output (as `play` would, with the \
            configuration CHHapticEngine() uses for it) and times each from the start call to the moment the \
            engine hands the device the first block that sounds. Prints p50, p90 and p99, and the further delay \
            the device itself reports (an ALSA buffer, an evdev update period), so a setup can be checked in one \
            command, as jack_iodelay does for audio.
            """
    )

    @Option(help: "The output: evdev:/dev/input/eventN, alsa:<pcm>, simulated[:profile], wav:<path> or null.")
    var device: String?
    @Option(help: "Taps to time, 5 … 1000.") var count = 50

    func validate() throws {
        guard (5...1_000).contains(count) else { throw ValidationError("--count must be 5 … 1000") }
        try OutputDevice.validate(device)
    }

    func run() throws {
        let output = try OutputDevice.select(id: device, meter: .off)
        let probe = LatencyProbe(output)
        let engine = LivePlayback.makeEngine(for: probe)
        do {
            try engine.start()
        } catch {
            printError(
                "haptic: error: cannot open the output device \(output.info.id) (\(output.info.name)): \(error.localizedDescription)")
            throw ExitCode(1)
        }
        defer { engine.stop() }
        let tap = try CHHapticPattern(
            events: [
                CHHapticEvent(
                    eventType: .hapticTransient, parameters: [CHHapticEventParameter(parameterID: .hapticIntensity, value: 1)],
                    relativeTime: 0)
            ], parameters: [])
        let player = try engine.makePlayer(with: tap)
        var samples: [Double] = []
        var missed = 0
        for _ in 0..<count {
            probe.arm()
            let started = MonotonicClock.now()
            try player.start(atTime: CHHapticTimeImmediate)
            guard let handed = probe.waitForSound(until: started + 1) else {
                missed += 1
                continue
            }
            samples.append(handed - started)
            // The next tap starts from silence: wait until the engine says this one has ended and been heard.
            _ = engine.waitUntilOutputSilent(timeout: 1)
        }
        guard !samples.isEmpty else {
            printError("haptic: error: no tap reached \(output.info.id) within 1 s")
            throw ExitCode(1)
        }
        samples.sort()
        func percentile(_ p: Double) -> String {
            let value = samples[Swift.min(samples.count - 1, Int((p * Double(samples.count - 1)).rounded()))]
            return value < 0.001 ? "\(Int((value * 1e6).rounded())) µs" : String(format: "%.2f ms", value * 1e3)
        }
        let configuration = engine.runtime.configuration
        print(
            terminalSafe(
                "\(output.info.id) (\(output.info.name)): \(Int(configuration.sampleRate)) Hz in \(configuration.blockFrames)-frame blocks")
        )
        print(
            "API → device write, \(samples.count) taps: p50 \(percentile(0.5)), p90 \(percentile(0.9)), p99 \(percentile(0.99))"
                + (missed > 0 ? " (\(missed) did not arrive within 1 s)" : ""))
        if let buffered = output.reportedLatency {
            var layout = ""
            #if os(Linux)
            if let alsa = output as? AlsaDevice {
                let buffer = alsa.bufferConfiguration
                layout = " (ALSA buffer \(buffer.bufferFrames) frames in periods of \(buffer.periodFrames))"
            }
            #endif
            print(String(format: "the device reports a further %.2f ms before the sample plays", buffered * 1e3) + layout)
        } else {
            print("the device reports no further delay of its own")
        }
        if output.recoveredErrorCount > 0 {
            print("the device recovered from \(output.recoveredErrorCount) error(s) (ALSA: underruns) during the run")
        }
    }
}

/// Passes every block to a device and notes when, after ``arm()``, it is first handed a block that sounds.
///
/// Real-time safety: ``write(_:)`` runs on the render thread; besides atomics it makes one semaphore signal per
/// armed tap (an atomic increment, and a futex wake when the control thread already waits), never a lock.
final class LatencyProbe: HapticDevice {
    let device: any HapticDevice
    var info: DeviceInfo { device.info }
    private let armed = Atomic<Bool>(false)
    private let soundedAt = Atomic<UInt64>(0)
    /// Signalled once per armed tap, when it sounds: ``waitForSound(until:)`` sleeps on it.
    private let sounded = DispatchSemaphore(value: 0)

    init(_ device: any HapticDevice) { self.device = device }

    func start(format: DeviceFormat) throws(DeviceError) { try device.start(format: format) }
    func stop() { device.stop() }
    var recoveredErrorCount: Int { device.recoveredErrorCount }
    var toleratesIdlePauses: Bool { device.toleratesIdlePauses }
    var reportedLatency: Double? { device.reportedLatency }

    func write(_ block: DeviceBlock) -> DeviceStatus {
        if armed.load(ordering: .acquiring) {
            for i in 0..<block.frameCount where block.haptic.amplitude[i] > 0 {
                soundedAt.store(MonotonicClock.now().bitPattern, ordering: .releasing)
                if armed.exchange(false, ordering: .acquiringAndReleasing) { sounded.signal() }
                break
            }
        }
        return device.write(block)
    }

    /// Starts watching for the next sounding block.
    func arm() {
        // A tap that sounded after its wait gave up left a signal: drop it.
        armed.store(false, ordering: .releasing)
        while sounded.wait(timeout: .now()) == .success {}
        soundedAt.store(0, ordering: .relaxed)
        armed.store(true, ordering: .releasing)
    }

    /// The monotonic time the sounding block was handed over, or `nil` by `deadline` (the render thread signals it).
    func waitForSound(until deadline: Double) -> Double? {
        let seconds = Swift.min(Swift.max(deadline - MonotonicClock.now(), 0), 60)
        guard sounded.wait(timeout: .now() + .nanoseconds(Int(seconds * 1e9))) == .success else { return nil }
        let bits = soundedAt.load(ordering: .acquiring)
        return bits != 0 ? Double(bitPattern: bits) : nil
    }
}
