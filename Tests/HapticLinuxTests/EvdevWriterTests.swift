#if os(Linux)
import Glibc
@testable import HapticDevices
@testable import HapticLinux
import HapticRender
import Testing

/// The evdev writer's exact system-call trace, tick by tick, on a mocked node.
@Suite struct EvdevWriterTests {
    static let capabilities = EvdevCapabilities(
        path: "/dev/input/event5", name: "mock-pad", supportsRumble: true, supportsPeriodicSine: true, supportsGain: true,
        effectSlots: 16)

    static func openedWriter(_ mock: MockEvdevSystemCalls, capabilities: EvdevCapabilities = capabilities) -> EvdevWriter {
        let writer = EvdevWriter(capabilities: capabilities, configuration: EvdevConfiguration(), system: mock)
        #expect(throws: Never.self) { try writer.open().get() }
        mock.clearTrace()
        return writer
    }

    @Test func probeReadsCapabilitiesAndExplainsSkips() throws {
        let mock = MockEvdevSystemCalls(slots: 16)
        let capabilities = try EvdevProbe.probe(path: "/dev/input/event5", system: mock).get()
        #expect(capabilities == Self.capabilities)
        #expect(
            mock.trace == [
                "open /dev/input/event5 -> 7", "EVIOCGNAME -> mock-pad", "EVIOCGBIT(0) -> ok", "EVIOCGBIT(21) -> ok",
                "EVIOCGEFFECTS -> 16", "close 7",
            ])

        let denied = MockEvdevSystemCalls()
        denied.configure { $0.openErrno = EACCES }
        let deniedError = try #require(EvdevProbe.probe(path: "/dev/input/event2", system: denied).failure)
        #expect(deniedError.code == .permissionDenied && deniedError.message.contains("input"))

        let keyboard = MockEvdevSystemCalls()
        keyboard.configure { $0.hasFF = false }
        let keyboardError = try #require(EvdevProbe.probe(path: "/dev/input/event0", system: keyboard).failure)
        #expect(keyboardError.code == .unsupported && keyboardError.message.contains("EV_FF"))
        #expect(keyboard.trace.last == "close 7")
    }

    @Test func openSetsGainAndAllocatesALiveAndASpareSlot() throws {
        let mock = MockEvdevSystemCalls()
        let writer = EvdevWriter(capabilities: Self.capabilities, configuration: EvdevConfiguration(gain: 0.5), system: mock)
        try writer.open().get()
        #expect(
            mock.trace == [
                "open /dev/input/event5 -> 7", "write EV_FF code=96 value=32768 -> 24",
                "EVIOCSFF id=-1 RUMBLE strong=0 weak=0 len=50 -> 0", "EVIOCSFF id=-1 RUMBLE strong=0 weak=0 len=50 -> 1",
            ])
        #expect(writer.state == .running)
        #expect(mock.allocatedSlots == 2)

        // A device with one slot plays everything through it (no arming).
        let single = MockEvdevSystemCalls(slots: 1)
        var capabilities = Self.capabilities
        capabilities.effectSlots = 1
        let one = EvdevWriter(capabilities: capabilities, configuration: EvdevConfiguration(), system: single)
        try one.open().get()
        #expect(single.allocatedSlots == 1)
        one.armSpareSlot()
        one.publish(strong: 1_000, weak: 0)
        #expect(one.armedStartCount == 0)
    }

    /// An onset the spare slot was armed for starts with one `EV_FF` play write from the render thread — no upload on
    /// its path — and the I/O thread then adopts that slot as the live one and arms the other.
    @Test func anArmedOnsetStartsWithOneWriteAndNoUpload() throws {
        let mock = MockEvdevSystemCalls()
        let expected = LevelAnticipation()
        expected.onsetLevels = MotorLevels(strong: 65_535, weak: 32_768)
        let writer = EvdevWriter(
            capabilities: Self.capabilities, configuration: EvdevConfiguration(), system: mock, anticipation: expected)
        try writer.open().get()
        mock.clearTrace()
        writer.armSpareSlot()
        writer.armSpareSlot()  // already armed with those levels: nothing
        #expect(mock.trace == ["EVIOCSFF id=1 RUMBLE strong=65535 weak=32768 len=50 -> 1"])
        mock.clearTrace()

        writer.publish(strong: 64_000, weak: 33_000)  // within 1/16 of the armed levels: the render thread starts it
        #expect(mock.trace == ["write EV_FF code=1 value=1 -> 24"])
        #expect(writer.armedStartCount == 1)
        writer.tick(now: 0.001)  // adopts slot 1, then corrects its levels
        #expect(
            Array(mock.trace.dropFirst()) == [
                "EVIOCSFF id=1 RUMBLE strong=64000 weak=33000 len=50 -> 1", "write EV_FF code=1 value=1 -> 24",
            ])
        mock.clearTrace()
        writer.armSpareSlot()  // slot 0 is the spare now
        #expect(mock.trace == ["EVIOCSFF id=0 RUMBLE strong=65535 weak=32768 len=50 -> 0"])
        mock.clearTrace()
        writer.publish(strong: 0, weak: 0)
        writer.tick(now: 0.010)
        #expect(mock.trace == ["write EV_FF code=1 value=0 -> 24"], "the stop goes to the slot that plays")

        // An onset of other levels takes the upload path; nothing is started from the render thread.
        mock.clearTrace()
        writer.publish(strong: 10_000, weak: 0)
        #expect(mock.trace.isEmpty && writer.armedStartCount == 1)
        writer.tick(now: 0.020)
        #expect(mock.trace == ["EVIOCSFF id=1 RUMBLE strong=10000 weak=0 len=50 -> 1", "write EV_FF code=1 value=1 -> 24"])
        writer.release()
        #expect(Array(mock.trace.suffix(4)) == ["write EV_FF code=1 value=0 -> 24", "EVIOCRMFF 1 -> ok", "EVIOCRMFF 0 -> ok", "close 7"])
        #expect(mock.allocatedSlots == 0)
    }

    /// An intensity scale an app handed to the I/O thread (it could not write the gain itself) is sent at once,
    /// before the render thread renders it: as a gain write on a node with `FF_GAIN`, else as an upload; the rendered
    /// level that follows is not sent again when the guess was right, and corrects it when it was not.
    @Test(arguments: [true, false]) func aHandedOverScaleIsSentAheadOfTheRenderedLevel(gain: Bool) throws {
        let mock = MockEvdevSystemCalls()
        let anticipation = LevelAnticipation()
        var capabilities = Self.capabilities
        capabilities.supportsGain = gain
        let writer = EvdevWriter(capabilities: capabilities, configuration: EvdevConfiguration(), system: mock, anticipation: anticipation)
        try writer.open().get()
        #expect(writer.sendAnticipatedScale(now: 0) == .running)  // nothing pending, nothing playing
        writer.publish(strong: 40_000, weak: 20_000)
        writer.tick(now: 0.001)
        mock.clearTrace()
        anticipation.anticipateScale(0.5, system: mock)
        #expect(writer.sendAnticipatedScale(now: 0.002) == .running)
        #expect(
            mock.trace == [gain ? "write EV_FF code=96 value=32768 -> 24" : "EVIOCSFF id=0 RUMBLE strong=20000 weak=10000 len=50 -> 0"])
        #expect(writer.anticipatedUploadCount == 1)
        mock.clearTrace()
        writer.publish(strong: 40_000, weak: 20_000)
        writer.tick(now: 0.003)
        #expect(mock.trace.isEmpty, "a level rendered before the app's command is held back")
        writer.publish(strong: 40_000, weak: 20_000, end: 20_000 << 16 | 10_000, urgent: true)
        writer.tick(now: 0.004, urgent: true)
        #expect(mock.trace.isEmpty, "the guess was right: nothing to correct")
        anticipation.anticipateScale(2, system: mock)
        _ = writer.sendAnticipatedScale(now: 0.005)
        writer.publish(strong: 20_000, weak: 10_000, end: 30_000 << 16 | 15_000, urgent: true)
        writer.tick(now: 0.006, urgent: true)
        #expect(
            mock.trace == [
                gain ? "write EV_FF code=96 value=65535 -> 24" : "EVIOCSFF id=0 RUMBLE strong=40000 weak=20000 len=50 -> 0",
                "EVIOCSFF id=0 RUMBLE strong=30000 weak=15000 len=50 -> 0", "write EV_FF code=0 value=1 -> 24",
            ], "a wrong guess is corrected by the rendered level")
    }

    /// A block carrying an app's command sends its last frame's levels at once: a lowered intensity is sent as what it
    /// settled at, not as the peak of the block that ramped down to it.
    @Test func anUrgentTickSendsTheLevelsTheCommandSettledAt() {
        let mock = MockEvdevSystemCalls()
        let writer = Self.openedWriter(mock)
        writer.publish(strong: 60_000, weak: 0)
        writer.tick(now: 0.000)
        mock.clearTrace()
        writer.publish(strong: 60_000, weak: 0, end: 20_000 << 16, urgent: true)
        writer.tick(now: 0.002, urgent: true)
        #expect(mock.trace == ["EVIOCSFF id=0 RUMBLE strong=20000 weak=0 len=50 -> 0", "write EV_FF code=0 value=1 -> 24"])
    }

    /// After an urgent tick has sent a command's block as it ended, a grid tick that comes before the next block sends
    /// nothing: not the block's earlier, higher frames (the render thread late by a tick under heavy host load made
    /// the I/O thread upload and play a stopped pattern's level again, 11 ms after its stop).
    @Test(arguments: [0, 20_000 << 16]) func aGridTickBeforeTheNextBlockDoesNotUndoACommand(settledAt end: UInt32) {
        let mock = MockEvdevSystemCalls()
        let writer = Self.openedWriter(mock)
        writer.publish(strong: 60_000, weak: 0)
        writer.tick(now: 0.000)
        writer.publish(strong: 60_000, weak: 0, end: end, urgent: true)
        writer.tick(now: 0.002, urgent: true)
        mock.clearTrace()
        writer.tick(now: 0.012)
        writer.tick(now: 0.022)
        #expect(mock.trace.isEmpty, "stale levels written after the command: \(mock.trace)")
        // The next block's levels are followed as before.
        writer.publish(strong: 30_000, weak: 0)
        writer.tick(now: 0.032)
        #expect(mock.trace.first == "EVIOCSFF id=0 RUMBLE strong=30000 weak=0 len=50 -> 0")
    }

    @Test func changesAreUploadedOnTheSameIdAndIdleMeansSilence() {
        let mock = MockEvdevSystemCalls()
        let writer = Self.openedWriter(mock)
        writer.tick(now: 0.000)  // idle: nothing at all
        #expect(mock.trace.isEmpty)
        writer.publish(strong: 40_000, weak: 1_000)
        writer.tick(now: 0.008)
        writer.tick(now: 0.016)  // unchanged, younger than the refresh interval: nothing
        writer.publish(strong: 50_000, weak: 2_000)
        writer.tick(now: 0.024)
        writer.tick(now: 0.049)  // unchanged, 25 ms old = refresh interval: played again (no upload)
        writer.publish(strong: 0, weak: 0)
        writer.tick(now: 0.057)  // one stop
        writer.tick(now: 0.065)  // then silence
        writer.tick(now: 0.500)
        #expect(
            mock.trace == [
                "EVIOCSFF id=0 RUMBLE strong=40000 weak=1000 len=50 -> 0", "write EV_FF code=0 value=1 -> 24",
                "EVIOCSFF id=0 RUMBLE strong=50000 weak=2000 len=50 -> 0", "write EV_FF code=0 value=1 -> 24",
                "write EV_FF code=0 value=1 -> 24", "write EV_FF code=0 value=0 -> 24",
            ])
        #expect(mock.allocatedSlots == 2)
        #expect(writer.uploadCount == 4 && writer.stopCount == 1 && writer.refreshCount == 1)
        writer.release()
        #expect(Array(mock.trace.suffix(3)) == ["EVIOCRMFF 0 -> ok", "EVIOCRMFF 1 -> ok", "close 7"])
        #expect(mock.allocatedSlots == 0)
    }

    @Test func aTransientShorterThanOnePeriodStillReachesTheMotor() {
        let mock = MockEvdevSystemCalls()
        let writer = Self.openedWriter(mock)
        writer.publish(strong: 65_535, weak: 30_000)  // a 2 ms burst …
        writer.publish(strong: 0, weak: 0)  // … over before the I/O thread ticks
        writer.tick(now: 0.008)
        writer.tick(now: 0.016)
        #expect(
            mock.trace == [
                "EVIOCSFF id=0 RUMBLE strong=65535 weak=30000 len=50 -> 0", "write EV_FF code=0 value=1 -> 24",
                "write EV_FF code=0 value=0 -> 24",
            ])
    }

    @Test func anEINTRStormIsRetriedUntilTheCallGoesThrough() {
        let mock = MockEvdevSystemCalls()
        let writer = Self.openedWriter(mock)
        mock.fail("EVIOCSFF", with: EINTR, times: 500)
        mock.fail("write", with: EINTR, times: 3)
        writer.publish(strong: 1_000, weak: 1_000)
        #expect(writer.tick(now: 0.008) == .running)
        let trace = mock.trace
        #expect(trace.count == 500 + 1 + 3 + 1)
        #expect(trace.prefix(500).allSatisfy { $0 == "EVIOCSFF id=0 RUMBLE strong=1000 weak=1000 len=50 -> EINTR" })
        #expect(trace[500] == "EVIOCSFF id=0 RUMBLE strong=1000 weak=1000 len=50 -> 0")
        #expect(trace.last == "write EV_FF code=0 value=1 -> 24")
    }

    @Test func busyDevicesAreRetriedOnLaterTicksThenFail() {
        let mock = MockEvdevSystemCalls()
        let writer = Self.openedWriter(mock)
        mock.fail("EVIOCSFF", with: EBUSY, times: 2)
        writer.publish(strong: 9_000, weak: 0)
        #expect(writer.tick(now: 0.008) == .running)
        #expect(writer.tick(now: 0.016) == .running)
        #expect(writer.tick(now: 0.024) == .running)
        #expect(
            mock.trace == [
                "EVIOCSFF id=0 RUMBLE strong=9000 weak=0 len=50 -> EBUSY",
                "EVIOCSFF id=0 RUMBLE strong=9000 weak=0 len=50 -> EBUSY",
                "EVIOCSFF id=0 RUMBLE strong=9000 weak=0 len=50 -> 0", "write EV_FF code=0 value=1 -> 24",
            ])
        #expect(writer.skippedTickCount == 2)
        mock.fail("EVIOCSFF", with: EBUSY, times: EvdevWriter.retryLimit + 1)
        writer.publish(strong: 9_001, weak: 0)
        var state = EvdevWriter.State.running
        for tick in 0...EvdevWriter.retryLimit { state = writer.tick(now: 0.032 + Double(tick) * 0.008) }
        #expect(state == .failed && writer.failureErrno == EBUSY)
    }

    @Test func aLostEffectIsReallocatedOnceAndSlotsNeverLeak() {
        let mock = MockEvdevSystemCalls(slots: 2)
        let writer = Self.openedWriter(mock)
        writer.publish(strong: 1, weak: 2)
        writer.tick(now: 0.008)
        mock.configure { $0.slots = [false, false] }  // the driver forgot our effect
        mock.clearTrace()
        writer.publish(strong: 3, weak: 4)
        writer.tick(now: 0.016)
        #expect(
            mock.trace == [
                "EVIOCSFF id=0 RUMBLE strong=3 weak=4 len=50 -> EINVAL", "EVIOCSFF id=-1 RUMBLE strong=3 weak=4 len=50 -> 0",
                "write EV_FF code=0 value=1 -> 24",
            ])
        #expect(mock.allocatedSlots == 1)
    }

    @Test func noFreeSlotAtOpenIsReportedAsNoEffectSlots() throws {
        let mock = MockEvdevSystemCalls(slots: 1)
        mock.configure { $0.slots = [true] }  // another program holds the only slot
        let device = EvdevDevice(capabilities: Self.capabilities, configuration: EvdevConfiguration(), system: mock)
        let error = try #require(throws: DeviceError.self) { try device.start(format: DeviceFormat(sampleRate: 1_000, maxBlockFrames: 8)) }
        #expect(error.code == .noEffectSlots && error.errno == ENOSPC)
        #expect(mock.trace.last == "close 7")
    }

    @Test func enodevMidPlayMeansRemovedAndOnlyCloses() {
        let mock = MockEvdevSystemCalls()
        let writer = Self.openedWriter(mock)
        writer.publish(strong: 5_000, weak: 5_000)
        writer.tick(now: 0.008)
        mock.fail("EVIOCSFF", with: ENODEV)
        writer.publish(strong: 6_000, weak: 5_000)
        #expect(writer.tick(now: 0.016) == .removed)
        writer.release()
        #expect(Array(mock.trace.suffix(2)) == ["EVIOCSFF id=0 RUMBLE strong=6000 weak=5000 len=50 -> ENODEV", "close 7"])
    }

    @Test func periodicSineIsUsedWhenTheDeviceHasNoRumble() {
        let mock = MockEvdevSystemCalls()
        var capabilities = Self.capabilities
        capabilities.supportsRumble = false
        let writer = Self.openedWriter(mock, capabilities: capabilities)
        writer.publish(strong: 65_535, weak: 1_000)
        writer.tick(now: 0.008)
        // twoMotorPad: frequencyMin 40 Hz → 25 ms period; magnitude = max/2.
        #expect(mock.trace.first == "EVIOCSFF id=0 PERIODIC sine=true period=25 mag=32767 len=50 -> 0")
    }

    @Test func configurationKeepsTheBounds() {
        let c = EvdevConfiguration(updatePeriod: 0.05, replayLength: 5)
        #expect(c.updatePeriod == 0.010 && c.replayLength == 0.100 && c.replayLengthMilliseconds == 100)
        #expect(EvdevConfiguration(updatePeriod: 0.008, replayLength: 0.001).replayLengthMilliseconds == 24)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
#endif
