import Foundation
import HapticDevices
import HapticSystem
import HapticTestSupport
import Testing

@testable import HapticLinux

/// A pad's motion-sensor node through the Linux input reader (issue 35, item 3): read only while the app has motion
/// active, its batches marked as the motion node's and never a use of the pad. FIFOs stand in for the evdev nodes.
@Suite struct PadMotionInputTests {
    /// The batches the reader passed on, with a wait that wakes on each.
    final class Collected: Sendable {
        private let batches = LockedState<[PadInputBatch]>([])
        private let changed = NSCondition()

        func add(_ batch: PadInputBatch) {
            batches.withLock { $0.append(batch) }
            changed.lock()
            changed.broadcast()
            changed.unlock()
        }

        /// Waits up to 10 s (longer under a sanitizer) until a batch satisfies `wanted`; every batch so far.
        func wait(until wanted: @escaping (PadInputBatch) -> Bool) -> [PadInputBatch] {
            let deadline = Date(timeIntervalSinceNow: CommandRunner.sanitizerBuild ? 30 : 10)
            changed.lock()
            defer { changed.unlock() }
            while !batches.withLock({ $0.contains(where: wanted) }), changed.wait(until: deadline) {}
            return batches.withLock { $0 }
        }
    }

    @Test func theMotionNodeIsReadOnlyWhileActiveAndIsNeverAUse() throws {
        let folder = try Fixtures.temporaryDirectory()
        let gamepad = try FakePadNode(path: folder.appendingPathComponent("event5").path)
        let sensors = try FakePadNode(path: folder.appendingPathComponent("event6").path)
        let pad = ControllerInfo(
            id: "evdev:\(gamepad.path)", name: "Test DualSense", category: .dualSense, actuators: .twoHandles,
            hapticDeviceID: "evdev:\(gamepad.path)", evdevPath: gamepad.path, motionPath: sensors.path)
        let collected = Collected()
        let input = LinuxPadInput { collected.add($0) }
        defer { input.stop() }
        input.watch(pad)
        input.setMotionActive(pad, true)
        // A press on the motion node counts as a use to the reader's filter: the batch still is not one.
        sensors.send([.button(PadInputEvent.southButton, pressed: true), .axis(0x00, value: 8_192)])
        let first = collected.wait { $0.node == .motion }
        let motion = try #require(first.first { $0.node == .motion })
        #expect(motion.controllerID == pad.id && !motion.isUse)
        #expect(motion.events.contains(.axis(0x00, value: 8_192)))

        // Off: what the node sends is not passed on; the gamepad's node still is.
        input.setMotionActive(pad, false)
        sensors.send([.axis(0x00, value: 1)])
        gamepad.send([.button(PadInputEvent.southButton, pressed: true)])
        let after = collected.wait { $0.node == .gamepad }
        #expect(after.contains { $0.node == .gamepad && $0.isUse && $0.controllerID == pad.id })
        #expect(!after.contains { $0.events.contains(.axis(0x00, value: 1)) }, "the motion node is not read while off")
        #expect(after.filter { $0.node == .motion }.count == 1)
    }
}
