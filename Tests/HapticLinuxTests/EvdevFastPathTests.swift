import HapticSystem

#if os(Linux)
import Glibc
@testable import HapticDevices
@testable import HapticLinux
import Synchronization
import HapticTestSupport
import Testing

/// What an app's thread (and the render thread) write to an evdev node at once: an intensity scale as one `FF_GAIN`
/// write, the opening onset as one play write of the armed slot — never behind an upload that waits for the device.
@Suite struct EvdevFastPathTests {
    static let capabilities = EvdevWriterTests.capabilities

    /// A writer on `mock`, playing `strong`/`weak` from its live slot, with the trace cleared.
    static func playingWriter(
        _ mock: MockEvdevSystemCalls, fastPath: EvdevFastPath, strong: UInt16 = 40_000, weak: UInt16 = 20_000,
        capabilities: EvdevCapabilities = capabilities
    ) throws -> EvdevWriter {
        let writer = EvdevWriter(capabilities: capabilities, configuration: EvdevConfiguration(), system: mock, fastPath: fastPath)
        try writer.open().get()
        writer.publish(strong: strong, weak: weak)
        writer.tick(now: 0.001)
        mock.clearTrace()
        return writer
    }

    /// The app's scale is one gain write; the levels the render thread had rendered before the app's command are held
    /// back (they would undo it) until the command's block, which then needs no upload; a later rise beyond what the
    /// scaled gain can carry gives the gain back first; a stop gives it back too.
    @Test func anAppScaleIsOneGainWriteThatTheUploadsFollow() throws {
        let mock = MockEvdevSystemCalls()
        let fastPath = EvdevFastPath()
        let writer = try Self.playingWriter(mock, fastPath: fastPath)
        #expect(fastPath.scaleGain(by: 0.5, system: mock))
        #expect(mock.trace == ["write EV_FF code=96 value=32768 -> 24"])
        #expect(fastPath.scale == 0.5 && fastPath.gainScaleCount == 1)
        mock.clearTrace()

        writer.publish(strong: 40_000, weak: 20_000)  // rendered before the app's command
        writer.tick(now: 0.002)
        #expect(mock.trace.isEmpty, "a stale level would undo the app's change")
        writer.publish(strong: 40_000, weak: 20_000, end: 20_001 << 16 | 9_999, urgent: true)  // the command's block
        writer.tick(now: 0.003, urgent: true)
        #expect(mock.trace.isEmpty, "the gain already plays that level (rounding is no change)")

        writer.publish(strong: 30_000, weak: 15_000)
        writer.tick(now: 0.010)
        #expect(
            mock.trace == ["EVIOCSFF id=0 RUMBLE strong=60000 weak=30000 len=50 -> 0", "write EV_FF code=0 value=1 -> 24"],
            "uploads are divided by the gain scale")
        mock.clearTrace()
        writer.publish(strong: 50_000, weak: 25_000)
        writer.tick(now: 0.020)
        #expect(
            mock.trace == [
                "write EV_FF code=96 value=65535 -> 24", "EVIOCSFF id=0 RUMBLE strong=50000 weak=25000 len=50 -> 0",
                "write EV_FF code=0 value=1 -> 24",
            ], "magnitudes that would not fit: the gain goes back to its setting first")
        #expect(fastPath.scale == 1)

        #expect(fastPath.scaleGain(by: 0.25, system: mock))
        mock.clearTrace()
        writer.publish(strong: 0, weak: 0)
        writer.tick(now: 0.030)
        #expect(
            mock.trace == ["write EV_FF code=0 value=0 -> 24", "write EV_FF code=96 value=65535 -> 24"],
            "the stop gives the gain back")
        #expect(!fastPath.scaleGain(by: 0.5, system: mock), "an idle motor is not scaled")
        writer.release()
    }

    /// A writer released while an app's scale is carried by the gain stops the motor and gives the gain back before it
    /// lets the node go (another program on the pad must not inherit it).
    @Test func releaseGivesTheGainBack() throws {
        let mock = MockEvdevSystemCalls()
        let fastPath = EvdevFastPath()
        let writer = try Self.playingWriter(mock, fastPath: fastPath)
        #expect(fastPath.scaleGain(by: 0.5, system: mock))
        mock.clearTrace()
        writer.release()
        #expect(
            Array(mock.trace.prefix(2)) == ["write EV_FF code=0 value=0 -> 24", "write EV_FF code=96 value=65535 -> 24"])
        #expect(!fastPath.scaleGain(by: 0.5, system: mock), "a released node is not scaled")
    }

    /// The gain only carries what it can: not above full scale, not on a node without `FF_GAIN`, not while idle; the
    /// device then hands the scale to the I/O thread.
    @Test func aScaleTheGainCannotCarryIsHandedToTheIOThread() throws {
        let mock = MockEvdevSystemCalls()
        let fastPath = EvdevFastPath()
        let writer = try Self.playingWriter(mock, fastPath: fastPath)
        #expect(!fastPath.scaleGain(by: 2, system: mock), "above the gain setting")
        #expect(!fastPath.scaleGain(by: .nan, system: mock))
        #expect(mock.trace.isEmpty)
        writer.release()

        var noGain = Self.capabilities
        noGain.supportsGain = false
        let other = MockEvdevSystemCalls()
        let otherPath = EvdevFastPath()
        let plain = try Self.playingWriter(other, fastPath: otherPath, capabilities: noGain)
        #expect(!otherPath.scaleGain(by: 0.5, system: other))
        #expect(other.trace.isEmpty)
        plain.release()
    }

    /// An app's thread starts the armed onset itself when the motor is idle: one play write, no upload; the render
    /// thread's onset that follows writes nothing more, and the I/O thread adopts the slot.
    @Test func anAppStartsTheArmedOnsetItselfFromSilence() throws {
        let mock = MockEvdevSystemCalls()
        let anticipation = LevelAnticipation()
        let onset = MotorLevels(strong: 50_000, weak: 10_000)
        anticipation.onsetLevels = onset
        let fastPath = EvdevFastPath()
        let writer = EvdevWriter(
            capabilities: Self.capabilities, configuration: EvdevConfiguration(), system: mock, anticipation: anticipation,
            fastPath: fastPath)
        try writer.open().get()
        writer.armSpareSlot()
        mock.clearTrace()
        #expect(!fastPath.startOnsetFromApp(levels: MotorLevels(strong: 20_000, weak: 0), system: mock), "other levels: not armed for them")
        #expect(fastPath.startOnsetFromApp(levels: onset, system: mock))
        #expect(mock.trace == ["write EV_FF code=1 value=1 -> 24"])
        #expect(!fastPath.startOnsetFromApp(levels: onset, system: mock), "started once")
        writer.publish(strong: 50_000, weak: 10_000)
        #expect(mock.trace.count == 1, "the rendered onset finds the slot started")
        writer.tick(now: 0.001)
        #expect(mock.trace.count == 1, "adopted: it already plays the rendered level")
        #expect(fastPath.appStartCount == 1 && fastPath.armedStartCount == 1)
        writer.armSpareSlot()  // slot 0 is the spare now
        mock.clearTrace()
        #expect(!fastPath.startOnsetFromApp(levels: onset, system: mock), "the motor plays: not from silence")
        writer.publish(strong: 0, weak: 0)
        writer.tick(now: 0.010)
        writer.publish(strong: 30_000, weak: 0)
        #expect(!fastPath.startOnsetFromApp(levels: onset, system: mock), "the render thread is not silent")
        writer.release()
    }

    /// The kernel serializes writes behind an upload that waits for the device (a uinput process that does not
    /// answer): neither an app's gain write nor the render thread's armed start may queue behind it. They return at
    /// once without writing, and work again when the upload is done.
    @Test func quickWritesNeverWaitBehindAnUploadInProgress() throws {
        let mock = MockEvdevSystemCalls()
        let anticipation = LevelAnticipation()
        let fastPath = EvdevFastPath()
        let writer = EvdevWriter(
            capabilities: Self.capabilities, configuration: EvdevConfiguration(), system: mock, anticipation: anticipation,
            fastPath: fastPath)
        try writer.open().get()
        writer.publish(strong: 40_000, weak: 20_000)
        writer.tick(now: 0.001)
        anticipation.onsetLevels = MotorLevels(strong: 30_000, weak: 0)
        mock.setUploadDelay(0.4)
        let done = Atomic<Bool>(false)
        _ = SystemThread.detach(name: "hung-upload") {
            writer.armSpareSlot()  // an upload that hangs for 0.4 s
            done.store(true, ordering: .releasing)
        }
        let deadline = MonotonicClock.now() + 2
        while !mock.isUploading && MonotonicClock.now() < deadline { usleep(500) }
        #expect(mock.isUploading)
        let begin = ThreadTimes.now()
        #expect(!fastPath.scaleGain(by: 0.5, system: mock))
        #expect(!fastPath.startArmedOnset(matching: MotorLevels(strong: 40_000, weak: 20_000), system: mock))
        // Less the time a busy machine kept this thread from a CPU; waiting behind the upload would be 0.4 s.
        let took = begin.unloaded(until: .now())
        #expect(took < 0.05, "a quick write waited \(took) s behind the upload")
        while !done.load(ordering: .acquiring) && MonotonicClock.now() < deadline { usleep(1_000) }
        mock.setUploadDelay(0)
        #expect(fastPath.scaleGain(by: 0.5, system: mock), "the gate opens again after the upload")
        writer.release()
    }
}
#endif
