import Dispatch
import HapticDevices
import HapticPattern
import HapticRender
import HapticSystem
import Testing

@testable import HapticEngine

/// Hints reach the device in the order the state machine numbered them, whichever thread performs them first: what
/// the engine's lock used to order when the hints were sent under it.
@Suite struct DeviceHintsTests {
    /// The `n`th of a run of distinct onset levels.
    static func levels(_ n: Int) -> MotorLevels { MotorLevels(strong: UInt16(n), weak: 0) }

    @Test func aHintThatComesBeforeItsPredecessorWaitsForIt() {
        let device = AnticipationTests.ListeningDevice()
        let hints = DeviceHints(device: device, firstSequence: 1)
        // The thread with the later player performs its actions first.
        hints.deliver(.arm(Self.levels(2)), sequence: 2)
        #expect(device.onsets.withLock { $0 }.isEmpty, "the second player's onset would be replaced by the first's: it waits")
        hints.deliver(.arm(Self.levels(1)), sequence: 1)
        #expect(
            device.onsets.withLock { $0 } == [Self.levels(1), Self.levels(2)], "delivered in the lock's order by the thread that came last")
        hints.deliver(.arm(Self.levels(3)), sequence: 3)
        #expect(device.onsets.withLock { $0 } == (1...3).map(Self.levels))
    }

    @Test func hintsPerformedInAnyOrderByManyThreadsArriveInOrderAndNoneIsLost() {
        let device = AnticipationTests.ListeningDevice()
        let hints = DeviceHints(device: device, firstSequence: 1)
        let count = 2_000
        // The numbers in a shuffled order (a fixed one), dealt to four threads: each performs its share in that order,
        // so late numbers often come before early ones, many waiting at once (more than the list's first room).
        var generator = SplitMix(seed: 33)
        let shuffled = (1...count).shuffled(using: &generator)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in stride(from: thread, to: count, by: 4) {
                hints.deliver(.arm(Self.levels(shuffled[index])), sequence: UInt64(shuffled[index]))
            }
        }
        #expect(device.onsets.withLock { $0 } == (1...count).map(Self.levels))
    }

    @Test func theEngineDeliversTwoThreadsIntensityChangesInTheirLockOrder() throws {
        // Two threads send intensity changes to one player; each change is a factor relative to the one before. The
        // device must see them in the order the engine took them (its scales multiply to the last value sent).
        let device = AnticipationTests.ListeningDevice()
        let engine = EngineRuntime(device: device, clock: .manual)
        try engine.start()
        let player = engine.makePlayer(program: EngineStateMachineTests.hum(10))
        try player.start(atTime: 0)
        engine.advance(bySeconds: 0.05)
        let values: [Float] = (0..<400).map { 0.2 + 0.8 * Float($0 % 7) / 6 }
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in stride(from: thread, to: values.count, by: 4) {
                try? player.sendParameters([DynamicParameter(id: .hapticIntensityControl, value: values[index], time: 0)], atTime: 0)
            }
        }
        // In the engine's order each factor is the new value over the one before, so every running product is a value
        // some thread sent (the control after that change). Delivered out of order, some products would be none.
        var product: Float = 1
        for factor in device.scales.withLock({ $0 }) {
            product *= factor
            #expect(values.contains { abs($0 - product) < 1e-3 }, "the device scaled to \(product), which no thread sent")
        }
        let last = try #require(engine.playerSetting(player.handle) { $0.intensityControl })
        #expect(abs(product - last) < 1e-3, "the device's scale \(product) is the engine's control \(last)")
        engine.stop()
    }
}

/// A small seeded generator, so a shuffle is the same in every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
