import Foundation
import HapticDevices
import HapticSystem
import HapticTestSupport
import Testing

@testable import HapticLinux

/// A filter that `#expect` can call (its expansion cannot mutate a local variable).
private final class FilterBox {
    var filter: PadActivityFilter
    init(axes: [UInt16: PadAxisRange]) { filter = PadActivityFilter(axes: axes) }
    func counts(_ event: PadInputEvent) -> Bool { filter.isActivity(event) }
}

/// Which pad the player used: the dead-zone filter, and the reader on FIFOs standing in for evdev nodes.
@Suite struct PadInputTests {
    static let xboxStick = PadAxisRange(minimum: -32_768, maximum: 32_767, flat: 128)

    @Test func aPressCountsButAReleaseOrRepeatDoesNot() {
        let filter = FilterBox(axes: [:])
        #expect(filter.counts(.button(PadInputEvent.southButton, pressed: true)))
        #expect(!filter.counts(.button(PadInputEvent.southButton, pressed: false)))
        #expect(!filter.counts(PadInputEvent(kind: .button, code: PadInputEvent.southButton, value: 2)))
    }

    @Test func aStickCountsOnlyBeyondAnEighthOfItsRangeFromWhereItLastCounted() {
        let filter = FilterBox(axes: [PadInputEvent.leftStickX: Self.xboxStick])
        // An eighth of 65 535 is 8 191: jitter and small drift at rest never count.
        for value: Int32 in [300, -300, 4_000, -8_191, 8_191] {
            #expect(!filter.counts(.axis(PadInputEvent.leftStickX, value: value)), "\(value)")
        }
        #expect(filter.counts(.axis(PadInputEvent.leftStickX, value: 8_192)))
        // Measured from there now: a little further is still the same push; back to rest is a move.
        #expect(!filter.counts(.axis(PadInputEvent.leftStickX, value: 12_000)))
        #expect(filter.counts(.axis(PadInputEvent.leftStickX, value: 0)))
        // An axis the pad did not report never counts; a value beyond the declared range is clamped first.
        #expect(!filter.counts(.axis(PadInputEvent.leftTrigger, value: 1_000)))
        let clamped = FilterBox(axes: [PadInputEvent.leftStickX: PadAxisRange(minimum: 0, maximum: 255, value: 250)])
        #expect(!clamped.counts(.axis(PadInputEvent.leftStickX, value: .max)), "clamped to 255: 5 from where it rests")
    }

    @Test func aTriggerAndTheHatCountFromTheirRest() {
        let filter = FilterBox(axes: [
            PadInputEvent.leftTrigger: PadAxisRange(minimum: 0, maximum: 1_023),
            PadInputEvent.hatX: PadAxisRange(minimum: -1, maximum: 1),
            0x20: PadAxisRange(minimum: 5, maximum: 5),  // an empty range: ignored
        ])
        #expect(!filter.counts(.axis(PadInputEvent.leftTrigger, value: 127)))
        #expect(filter.counts(.axis(PadInputEvent.leftTrigger, value: 128)))
        #expect(filter.counts(.axis(PadInputEvent.hatX, value: -1)), "any step of the d-pad")
        #expect(filter.counts(.axis(PadInputEvent.hatX, value: 0)))
        #expect(!filter.counts(.axis(0x20, value: 5)))
    }

    /// The paths the reader reported, in order, with a wait that wakes on each report.
    final class Reports: Sendable {
        private let paths = LockedState<[String]>([])
        private let changed = NSCondition()

        func add(_ path: String) {
            paths.withLock { $0.append(path) }
            changed.lock()
            changed.broadcast()
            changed.unlock()
        }

        /// Waits up to `seconds` (longer under a sanitizer) for `count` reports; returns what there is.
        func wait(for count: Int, seconds: Double = 10) -> [String] {
            let deadline = Date(timeIntervalSinceNow: CommandRunner.sanitizerBuild ? seconds * 3 : seconds)
            changed.lock()
            defer { changed.unlock() }
            while paths.withLock({ $0.count }) < count, changed.wait(until: deadline) {}
            return paths.withLock { $0 }
        }
    }

    @Test func theReaderReportsThePadThatWasUsedAndReopensAPadWatchedAgain() throws {
        let folder = try Fixtures.temporaryDirectory()
        let a = try FakePadNode(path: folder.appendingPathComponent("event3").path)
        let b = try FakePadNode(path: folder.appendingPathComponent("event4").path)
        let reports = Reports()
        let reader = PadInputReader(axisReader: { _ in [PadInputEvent.leftStickX: Self.xboxStick] }) { reports.add($0) }
        defer { reader.stop() }
        reader.watch(path: a.path)
        reader.watch(path: b.path)

        b.send([.button(PadInputEvent.southButton, pressed: true), .button(PadInputEvent.southButton, pressed: false)])
        #expect(reports.wait(for: 1) == [b.path], "one report for a press and its release")
        // Noise first, then a push on the other pad, each in its own write: only the push is reported.
        a.send([.axis(PadInputEvent.leftStickX, value: 2_000)])
        a.send([.axis(PadInputEvent.leftStickX, value: 30_000)])
        #expect(reports.wait(for: 2) == [b.path, a.path])

        // Pad B unplugged: the reader closes it; plugged in again on the same node, it is read afresh.
        b.hangUp()
        let again = try FakePadNode(path: folder.appendingPathComponent("event5").path)
        try FileManager.default.removeItem(atPath: b.path)
        try FileManager.default.moveItem(atPath: again.path, toPath: b.path)
        reader.forget(path: b.path)
        reader.watch(path: b.path)
        again.send([.button(PadInputEvent.southButton, pressed: true)])
        #expect(reports.wait(for: 3) == [b.path, a.path, b.path])
    }
    /// The batches of events the reader passed on, with a wait that wakes on each.
    final class Batches: Sendable {
        private let batches = LockedState<[[PadInputEvent]]>([])
        private let changed = NSCondition()

        func add(_ events: [PadInputEvent]) {
            batches.withLock { $0.append(events) }
            changed.lock()
            changed.broadcast()
            changed.unlock()
        }

        /// Waits up to 10 s (longer under a sanitizer) until `count` events arrived; returns them all, in order.
        func wait(forEvents count: Int) -> [PadInputEvent] {
            let deadline = Date(timeIntervalSinceNow: CommandRunner.sanitizerBuild ? 30 : 10)
            changed.lock()
            defer { changed.unlock() }
            while batches.withLock({ $0.joined().count }) < count, changed.wait(until: deadline) {}
            return batches.withLock { Array($0.joined()) }
        }
    }

    /// A stick pushed and let go between two reads comes in one read as two reports; the reader keeps the
    /// `SYN_REPORT` between them, or a profile that moves a stick once per batch sees only where it ended (the QEMU
    /// gate's leftThumbstick.xAxis never read the push: ABS_X 30000 and ABS_X 0 arrived in one read).
    @Test func theReaderKeepsTheReportsOfOneReadApart() throws {
        let folder = try Fixtures.temporaryDirectory()
        let pad = try FakePadNode(path: folder.appendingPathComponent("event6").path)
        let batches = Batches()
        let reader = PadInputReader(axisReader: { _ in [PadInputEvent.leftStickX: Self.xboxStick] }) { _, events, _, _ in
            batches.add(events)
        }
        defer { reader.stop() }
        reader.watch(path: pad.path)
        // One write: ABS_X 30000, SYN_REPORT, ABS_X 0, SYN_REPORT.
        pad.send([.axis(PadInputEvent.leftStickX, value: 30_000), .axis(PadInputEvent.leftStickX, value: 0)])
        let events = batches.wait(forEvents: 4)
        #expect(
            events == [.axis(PadInputEvent.leftStickX, value: 30_000), .report, .axis(PadInputEvent.leftStickX, value: 0), .report])
    }
}
