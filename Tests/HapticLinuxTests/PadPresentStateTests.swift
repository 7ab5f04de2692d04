import Foundation
import HapticDevices
import HapticSystem
import HapticTestSupport
import Testing

@testable import HapticLinux

/// A pad's present state when the reader opens its node (issue 35): evdev sends only changes, so a button held while
/// the pad was plugged in, or pressed between its connection and the open, read as released until it changed. The
/// reader now delivers the buttons held and the axes away from their rest as a first batch, before `watch` returns.
/// FIFOs stand for the nodes; the hooks stand for `EVIOCGKEY` and `EVIOCGABS`, which a FIFO does not answer.
@Suite struct PadPresentStateTests {
    /// The batches the reader delivered: events and whether each was a use.
    final class Delivered: Sendable {
        private let batches = LockedState<[(events: [PadInputEvent], isUse: Bool)]>([])
        private let changed = NSCondition()

        func add(_ events: [PadInputEvent], _ isUse: Bool) {
            batches.withLock { $0.append((events, isUse)) }
            changed.lock()
            changed.broadcast()
            changed.unlock()
        }

        var now: [(events: [PadInputEvent], isUse: Bool)] { batches.withLock { $0 } }

        /// Waits up to 10 s (longer under a sanitizer) for `count` batches; returns what there is.
        func wait(for count: Int) -> [(events: [PadInputEvent], isUse: Bool)] {
            let deadline = Date(timeIntervalSinceNow: CommandRunner.sanitizerBuild ? 30 : 10)
            changed.lock()
            defer { changed.unlock() }
            while batches.withLock({ $0.count }) < count, changed.wait(until: deadline) {}
            return now
        }
    }

    static let xboxStick = PadAxisRange(minimum: -32_768, maximum: 32_767, flat: 128)

    @Test func aButtonHeldWhenTheNodeIsOpenedIsDeliveredPressedBeforeWatchReturns() throws {
        let folder = try Fixtures.temporaryDirectory()
        let pad = try FakePadNode(path: folder.appendingPathComponent("event3").path)
        let delivered = Delivered()
        let reader = PadInputReader(
            axisReader: { _ in [PadInputEvent.leftStickX: Self.xboxStick] }, keyReader: { _ in [PadInputEvent.southButton] }
        ) { _, events, isUse, _ in delivered.add(events, isUse) }
        defer { reader.stop() }
        reader.watch(path: pad.path)

        // Already there when watch returns: the caller announces the pad after it.
        let first = try #require(delivered.now.first, "no present state delivered by watch(path:)")
        #expect(first.events == [.button(PadInputEvent.southButton, pressed: true), .report])
        #expect(first.isUse, "a held button is the player's use, like any press")
        // Its release, read from the node as usual, follows.
        pad.send([.button(PadInputEvent.southButton, pressed: false)])
        let batches = delivered.wait(for: 2)
        #expect(batches.count == 2 && batches[1].events.first == .button(PadInputEvent.southButton, pressed: false))
    }

    @Test func aStickDeflectedAtTheOpenIsDeliveredAndAxesAtRestAreNot() throws {
        let folder = try Fixtures.temporaryDirectory()
        let pad = try FakePadNode(path: folder.appendingPathComponent("event4").path)
        let delivered = Delivered()
        let axes: [UInt16: PadAxisRange] = [
            0x00: PadAxisRange(minimum: -32_768, maximum: 32_767, flat: 128, value: 30_000),  // ABS_X pushed
            0x01: PadAxisRange(minimum: -32_768, maximum: 32_767, flat: 128, value: -100),  // ABS_Y inside the flat band
            0x03: PadAxisRange(minimum: 0, maximum: 255, value: 128),  // ABS_RX at the middle of 0 … 255 (no flat band)
            0x04: PadAxisRange(minimum: -32_768, maximum: 32_767, value: -1),  // ABS_RY half a unit from the middle
            0x10: PadAxisRange(minimum: -1, maximum: 1, value: 0),  // the hat at rest
            // A touchpad's multi-touch axes: EVIOCGABS gives 0 for ABS_MT_TRACKING_ID (not a finger down) and the last
            // position, not the slots' state (the QEMU gate's DualSense read a finger that was never there).
            0x39: PadAxisRange(minimum: 0, maximum: 65_535, value: 0), 0x35: PadAxisRange(minimum: 0, maximum: 1_919, value: 0),
        ]
        let reader = PadInputReader(axisReader: { _ in axes }, keyReader: { _ in [] }) { _, events, isUse, _ in
            delivered.add(events, isUse)
        }
        defer { reader.stop() }
        reader.watch(path: pad.path)

        let first = try #require(delivered.now.first, "no present state delivered by watch(path:)")
        #expect(first.events == [.axis(0x00, value: 30_000), .report])
        #expect(!first.isUse, "an axis is measured from where it was at the open: never a use")
    }

    @Test func aPadAtRestDeliversNothingAtTheOpen() throws {
        let folder = try Fixtures.temporaryDirectory()
        let pad = try FakePadNode(path: folder.appendingPathComponent("event5").path)
        let delivered = Delivered()
        let axes: [UInt16: PadAxisRange] = [
            0x00: PadAxisRange(minimum: -32_768, maximum: 32_767, value: 0), 0x01: PadAxisRange(minimum: 0, maximum: 255, value: 127),
            0x11: PadAxisRange(minimum: -1, maximum: 1, value: 0),
        ]
        let reader = PadInputReader(axisReader: { _ in axes }, keyReader: { _ in [] }) { _, events, isUse, _ in
            delivered.add(events, isUse)
        }
        defer { reader.stop() }
        reader.watch(path: pad.path)
        pad.send([.button(PadInputEvent.southButton, pressed: true)])
        let batches = delivered.wait(for: 1)
        #expect(batches.map(\.events) == [[.button(PadInputEvent.southButton, pressed: true), .report]], "only the press read later")
    }
}
