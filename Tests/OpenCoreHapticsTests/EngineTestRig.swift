// A manual-clock engine rendering into a recorder: exact, repeatable engine tests without sleeps.
#if !OPENCOREHAPTICS_COMPATIBILITY_TEST
import Foundation
import HapticDevices
import HapticEngine
import OpenCoreHaptics
import Synchronization

/// Counts calls from handlers (thread-safe). It uses NSLock (a pthread mutex) rather than `Synchronization.Mutex`:
/// ThreadSanitizer sees pthread locking but not the standard library's futex-based Mutex, and reported false races
/// here under heavy contention (the engine's own control lock is a pthread mutex for the same reason).
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []
    func record(_ value: String) { lock.withLock { storage.append(value) } }
    var values: [String] { lock.withLock { storage } }
    var count: Int { values.count }
}

struct EngineTestRig {
    static let rate = 8_000.0
    let recorder: RecordingDevice
    let engine: CHHapticEngine

    init(seconds: Double = 8, idleTimeout: Double = 120) {
        recorder = RecordingDevice(capacityFrames: Int(seconds * Self.rate))
        engine = CHHapticEngine(
            device: recorder, clock: .manual,
            configuration: EngineConfiguration(sampleRate: Self.rate, blockFrames: 64, idleTimeout: idleTimeout))
    }

    var amplitude: [Float] { recorder.recording.amplitude }

    /// Times (s) where the haptic amplitude rises from silence.
    var onsets: [Double] {
        var result: [Double] = []
        var silent = true
        for (i, a) in amplitude.enumerated() {
            if silent && a > 1e-4 { result.append(Double(i) / Self.rate) }
            silent = a <= 1e-4
        }
        return result
    }

    /// The largest amplitude between two times.
    func peak(from start: Double, to end: Double) -> Float {
        let a = amplitude
        let lo = max(0, Int(start * Self.rate))
        let hi = min(a.count, Int(end * Self.rate))
        guard lo < hi else { return 0 }
        return a[lo..<hi].max() ?? 0
    }

    func advance(to time: Double) { engine.advance(bySeconds: max(0, time - engine.currentTime)) }

    static func transients(at times: [Double], intensity: Float = 1) throws -> CHHapticPattern {
        try CHHapticPattern(
            events: times.map {
                CHHapticEvent(
                    eventType: .hapticTransient,
                    parameters: [CHHapticEventParameter(parameterID: .hapticIntensity, value: intensity)], relativeTime: $0)
            }, parameters: [])
    }

    static func continuous(duration: Double, intensity: Float = 1) throws -> CHHapticPattern {
        try CHHapticPattern(
            events: [
                CHHapticEvent(
                    eventType: .hapticContinuous,
                    parameters: [CHHapticEventParameter(parameterID: .hapticIntensity, value: intensity)],
                    relativeTime: 0, duration: duration)
            ], parameters: [])
    }
}

/// Onsets equal `expected` within one frame.
func onsetsMatch(_ onsets: [Double], _ expected: [Double]) -> Bool {
    onsets.count == expected.count && zip(onsets, expected).allSatisfy { abs($0 - $1) <= 1.0 / EngineTestRig.rate + 1e-9 }
}
#endif
