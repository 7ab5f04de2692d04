import HapticSystem
import Testing

@testable import HapticLinux

/// The rings and fan-out between PipeWire's data thread and the pads' threads.
struct AudioFrameRingTests {
    static func frames(_ count: Int, channels: Int, start: Int = 0) -> [Float] {
        (0..<(count * channels)).map { Float(start * channels + $0) }
    }

    @Test func framesComeOutInOrderAcrossTheWrap() {
        let ring = AudioFrameRing(capacity: 64)
        var left = [Float](repeating: 0, count: 48)
        var right = [Float](repeating: 0, count: 48)
        var written = 0
        for round in 0..<10 {
            let source = Self.frames(48, channels: 4, start: written)
            #expect(ring.write(interleaved: source, frames: 48, channelCount: 4, left: 2, right: 3, time: Double(round)) == 48)
            let (first, count) = ring.read(left: &left, right: &right, frames: 48)
            #expect(first == written && count == 48)
            for i in 0..<48 {
                #expect(left[i] == source[4 * i + 2] && right[i] == source[4 * i + 3])
            }
            written += 48
        }
        #expect(ring.droppedFrameCount == 0)
    }

    @Test func aFullRingKeepsWhatFitsAndCountsTheRest() {
        let ring = AudioFrameRing(capacity: 64)
        let source = Self.frames(100, channels: 2)
        #expect(ring.write(interleaved: source, frames: 100, channelCount: 2, left: 0, right: 1, time: 1) == 64)
        #expect(ring.droppedFrameCount == 36)
        #expect(ring.available == 64)
    }

    @Test func aMonoSourceFeedsBothSidesAndAMissingChannelIsSilent() {
        let ring = AudioFrameRing(capacity: 64)
        ring.write(interleaved: [0.5, 0.25, 0.125], frames: 3, channelCount: 1, left: 0, right: 0, time: 1)
        ring.write(interleaved: [0.5, 0.5], frames: 1, channelCount: 2, left: 0, right: 7, time: 2)
        var left = [Float](repeating: 9, count: 4)
        var right = [Float](repeating: 9, count: 4)
        ring.read(left: &left, right: &right, frames: 4)
        #expect(left == [0.5, 0.25, 0.125, 0.5])
        #expect(right == [0.5, 0.25, 0.125, 0])
    }

    @Test func aFramesDueTimeFollowsTheLatestWrite() {
        let ring = AudioFrameRing(capacity: 1_024)
        #expect(ring.dueTime(ofFrame: 0, sampleRate: 48_000) == nil)
        let silence = [Float](repeating: 0, count: 512)
        ring.write(interleaved: silence, frames: 256, channelCount: 2, left: 0, right: 1, time: 100)
        ring.write(interleaved: silence, frames: 256, channelCount: 2, left: 0, right: 1, time: 100.01)
        // The anchor is the second write: frame 256 at 100.01 s.
        #expect(abs(ring.dueTime(ofFrame: 256 + 48, sampleRate: 48_000)! - 100.011) < 1e-9)
        #expect(ring.lastWriteTime == 100.01)
    }

    @Test func theFanOutFeedsOnlyWhatIsAttached() {
        let fanOut = FrameFanOut(channelCount: 4, left: 2, right: 3)
        let wake = WakeSignal()
        let one = BridgeInput(label: "one", wake: wake)
        let two = BridgeInput(label: "two", wake: wake)
        #expect(fanOut.attach(one) && fanOut.attach(two))
        let source = Self.frames(16, channels: 4)
        source.withUnsafeBufferPointer { fanOut.deliver($0.baseAddress!, frames: 16, time: 5) }
        #expect(one.ring.available == 16 && two.ring.available == 16)
        let before = fanOut.epoch.snapshot()
        fanOut.detach(one)
        // Nothing runs on the data thread now: the detached input may be freed at once.
        #expect(fanOut.epoch.hasPassed(before) || fanOut.epoch.hasPassed(fanOut.epoch.snapshot()))
        source.withUnsafeBufferPointer { fanOut.deliver($0.baseAddress!, frames: 16, time: 6) }
        #expect(one.ring.available == 16 && two.ring.available == 32)
        #expect(fanOut.attachedCount == 1)
        #expect(fanOut.takePeak() == Float(source.max()!))
        #expect(fanOut.takePeak() == 0)
    }

    @Test func aFanOutTakesAtMostEightPads() {
        let fanOut = FrameFanOut(channelCount: 2, left: 0, right: 1)
        let inputs = (0..<9).map { BridgeInput(label: "\($0)", wake: WakeSignal(), capacity: 64) }
        #expect(inputs.prefix(8).allSatisfy { fanOut.attach($0) })
        #expect(!fanOut.attach(inputs[8]))
    }
}
