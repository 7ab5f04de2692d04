import Glibc
import HapticDevices
import HapticEngine
import HapticPattern
import HapticRender
import HapticSystem
import Testing

/// A command that wakes an idle output (issue 26): the silence owed for the pause goes out before the command's
/// block, and what follows the command is paced in real time. Generous bounds: the real render thread on a loaded
/// machine, perhaps under a sanitizer.
@Suite struct IdlePauseWakeTests {
    /// A self-pacing device that notes each block: its first frame, whether it sounds, and when its write returned
    /// (after the pacing wait, so when the block was due).
    final class TimedDevice: HapticDevice {
        struct Block {
            let startFrame: Int
            let sounding: Bool
            let returned: Double
        }
        let info = DeviceInfo(
            id: "timed", name: "Timed device", kind: .null, supportsHaptics: true, supportsAudio: true, isHardware: false,
            profile: .simulatedTapticLRA)
        // Touched by start/stop (control thread) and write (render thread), never at the same time.
        nonisolated(unsafe) private var pacer: RealTimePacer?
        let blocks = LockedState<[Block]>([])

        func start(format: DeviceFormat) throws(DeviceError) {
            pacer = RealTimePacer(format: format)
            blocks.withLock { $0.reserveCapacity(20_000) }
        }

        func write(_ block: DeviceBlock) -> DeviceStatus {
            var sounding = false
            for i in 0..<block.frameCount where block.haptic.amplitude[i] > 0 {
                sounding = true
                break
            }
            pacer?.wait(forBlockStartingAt: block.startFrame)
            let entry = Block(startFrame: block.startFrame, sounding: sounding, returned: MonotonicClock.now())
            blocks.withLock { $0.append(entry) }
            return .ok
        }

        func stop() { pacer = nil }
    }

    /// Starts the engine on a timed device, waits until the render thread is in its idle pause, and runs `send`
    /// there; returns the blocks once `after` blocks followed the first sounding one, and when `send` was called.
    static func blocksAfterAPause(
        _ send: (EngineRuntime, EnginePlayer) throws -> Void, after: Int
    ) throws -> (blocks: [TimedDevice.Block], called: Double) {
        let device = TimedDevice()
        let engine = EngineRuntime(device: device, configuration: EngineConfiguration(sampleRate: 48_000, blockFrames: 48))
        try engine.start()
        defer { engine.stop() }
        let program = try PatternProgram(pattern: Pattern(events: [Event(type: .hapticContinuous, time: 0, duration: 0.1)]))
        let player = engine.makePlayer(program: program)
        #expect(EngineRuntimeRealTimeTests.wait(seconds: 5) { device.blocks.withLock { !$0.isEmpty } })
        // pacing: 20 ms with nothing to play, so the render thread is in its idle pause (25 ms) when `send` comes
        MonotonicClock.sleep(until: MonotonicClock.now() + 0.02)
        let called = MonotonicClock.now()
        try send(engine, player)
        let enough = EngineRuntimeRealTimeTests.wait(seconds: 10) {
            device.blocks.withLock { blocks in
                guard let onset = blocks.firstIndex(where: { $0.sounding }) else { return false }
                return blocks.count > onset + after
            }
        }
        try #require(enough, "the start sounded and \(after) blocks followed")
        return (device.blocks.withLock { $0 }, called)
    }

    /// When a block's first frame is due on the device timeline, counted from the first block (handed over at once:
    /// its pacer's origin).
    static func deviceTime(of block: TimedDevice.Block, in blocks: [TimedDevice.Block]) -> Double {
        blocks[0].returned + Double(block.startFrame - blocks[0].startFrame) / 48_000
    }

    static var slack: Double { getenv("OPENCOREHAPTICS_SANITIZER") != nil ? 0.012 : 0.008 }

    /// A start timed 30 ms ahead, sent while the output pauses, sounds 30 ms after the call on the device timeline:
    /// the mixer's clock moves on over the silence owed for the pause, so the anchor the start was timed with holds.
    @Test func aTimedStartSentDuringAnIdlePauseKeepsItsTime() throws {
        let (blocks, called) = try Self.blocksAfterAPause(
            { engine, player in try player.start(atTime: engine.currentTime + 0.03) }, after: 2)
        let onset = try #require(blocks.firstIndex { $0.sounding })
        let late = Self.deviceTime(of: blocks[onset], in: blocks) - (called + 0.03)
        #expect(abs(late) <= Self.slack, "the onset is \(Int(late * 1e6)) µs from its time on the device timeline")
    }

    /// A start that ends an idle pause sounds where the call happened on the device's timeline, and plays in real
    /// time from there. Before, the command went out on the block where the pause had begun (20 ms early here),
    /// and the blocks owed for the pause were rendered after it back to back: the first 20 ms of the feedback
    /// reached the device at once, while the woken real-time thread kept the caller's CPU.
    @Test func aStartAfterAnIdlePauseSoundsWhereItWasCalledAndIsPacedInRealTime() throws {
        let (blocks, called) = try Self.blocksAfterAPause({ _, player in try player.start(atTime: 0) }, after: 40)
        let onset = try #require(blocks.firstIndex { $0.sounding })
        // The frames before the onset cover the time from the first block to the call.
        let onsetTime = Self.deviceTime(of: blocks[onset], in: blocks)
        #expect(
            onsetTime >= called - Self.slack, "the onset is \(Int((called - onsetTime) * 1e3)) ms before the call on the device timeline")
        // 20 ms of device time after the onset took about 20 ms to hand over (the pacer's lead aside).
        let span = blocks[onset + 20].returned - blocks[onset].returned
        #expect(span >= 0.02 - Self.slack, "20 blocks after the onset were handed over in \(Int(span * 1e6)) µs")
    }

    /// A start at "now" that ends an idle pause, and a stop right after it: the stop lets the start sound for the
    /// grace counted from where the start took effect, after the silence owed for the pause. The mixer's clock stands
    /// still in a pause, so the frame the start asked for lies the pause's length before it: the grace counted from
    /// there let the 100 ms event sound for 5 ms here, and a tap sent by a caller that lost the CPU (a loaded machine)
    /// for 0–4 ms.
    @Test func aStopRightAfterAStartThatEndsAnIdlePauseLetsItSoundForTheGrace() throws {
        let device = TimedDevice()
        let engine = EngineRuntime(device: device, configuration: EngineConfiguration(sampleRate: 48_000, blockFrames: 48))
        try engine.start()
        let program = try PatternProgram(pattern: Pattern(events: [Event(type: .hapticContinuous, time: 0, duration: 0.1)]))
        let player = engine.makePlayer(program: program)
        #expect(EngineRuntimeRealTimeTests.wait(seconds: 5) { device.blocks.withLock { !$0.isEmpty } })
        // pacing, as in blocksAfterAPause: the render thread is in its idle pause when the start comes
        MonotonicClock.sleep(until: MonotonicClock.now() + 0.02)
        try player.start(atTime: 0)
        engine.stop()
        let sounding = device.blocks.withLock { $0.filter(\.sounding).count }
        let graceBlocks = Int(EngineRuntime.stopGraceDuration * 48_000) / 48
        #expect(sounding >= graceBlocks - 2, "\(sounding) blocks sounded before the stop, of a \(graceBlocks)-block grace")
    }
}
