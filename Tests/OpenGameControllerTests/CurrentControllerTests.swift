import Foundation
import HapticDevices
import HapticEngine
import HapticLinux
import HapticSystem
import HapticTestSupport
import Testing

@testable import OpenGameController

/// `GCController.current` follows the pad the player touched last, with one `GCControllerDidStopBeingCurrent` and one
/// `GCControllerDidBecomeCurrent` per change.
extension GameControllerSuites {
    @Suite struct CurrentControllerTests {
        /// A current-controller notification: `stop` for DidStopBeingCurrent, `become` for DidBecomeCurrent.
        struct Note: Equatable, CustomStringConvertible {
            var become: Bool
            var controller: ObjectIdentifier
            var name: String
            static func become(_ c: GCController) -> Note { Note(become: true, controller: ObjectIdentifier(c), name: c.vendorName ?? "?") }
            static func stop(_ c: GCController) -> Note { Note(become: false, controller: ObjectIdentifier(c), name: c.vendorName ?? "?") }
            var description: String { "\(become ? "become" : "stop")(\(name))" }
        }

        /// Both notifications, in the order posted, for the controllers `accepts` takes (other suites' registries
        /// post on the same center); a wait that wakes on each one.
        final class Notes: @unchecked Sendable {
            // @unchecked: the tokens are set once, in init.
            private let notes = LockedState<[Note]>([])
            private let changed = NSCondition()
            private var tokens: [NSObjectProtocol] = []

            init(accepts: @escaping @Sendable (GCController) -> Bool) {
                for (name, become) in [(NSNotification.Name.GCControllerDidBecomeCurrent, true), (.GCControllerDidStopBeingCurrent, false)]
                {
                    tokens.append(
                        NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [notes, changed] note in
                            guard let controller = note.object as? GCController, accepts(controller) else { return }
                            let entry = become ? Note.become(controller) : Note.stop(controller)
                            notes.withLock { $0.append(entry) }
                            changed.lock()
                            changed.broadcast()
                            changed.unlock()
                        })
                }
            }

            deinit { for token in tokens { NotificationCenter.default.removeObserver(token) } }

            var all: [Note] { notes.withLock { $0 } }

            /// Waits up to `seconds` (longer under a sanitizer) for `count` notes; returns what there is.
            func wait(for count: Int, seconds: Double = 10) -> [Note] {
                let deadline = Date(timeIntervalSinceNow: CommandRunner.sanitizerBuild ? seconds * 3 : seconds)
                changed.lock()
                defer { changed.unlock() }
                while all.count < count, changed.wait(until: deadline) {}
                return all
            }
        }

        static let press: [PadInputEvent] = [
            .button(PadInputEvent.southButton, pressed: true), .button(PadInputEvent.southButton, pressed: false),
        ]

        @Test func aPressOnAnotherPadMakesItCurrentWithOneNotificationEach() throws {
            let notes = Notes { $0.info.isSimulated }
            let pads = try SimulatedPads(["xbox", "generic"])
            let controllers = GCController.controllers()
            let (a, b) = (controllers[0], controllers[1])
            pads.registry.queue.sync {}  // every notification queued so far has been posted
            #expect(GCController.current === b, "before any input, the pad connected last")
            #expect(notes.all == [.become(b)], "the first use posts the current controller")

            for event in Self.press { pads.registry.simulateInput(event, on: a) }
            pads.registry.queue.sync {}
            #expect(GCController.current === a)
            #expect(notes.all == [.become(b), .stop(b), .become(a)])

            for _ in 0..<3 { for event in Self.press { pads.registry.simulateInput(event, on: b) } }
            pads.registry.queue.sync {}
            #expect(GCController.current === b)
            #expect(notes.all == [.become(b), .stop(b), .become(a), .stop(a), .become(b)], "repeated presses post nothing more")
        }

        @Test func noiseInsideTheDeadZoneChangesNothing() throws {
            let notes = Notes { $0.info.isSimulated }
            let pads = try SimulatedPads(["dualsense", "xbox"])
            let controllers = GCController.controllers()
            let (dualSense, xbox) = (controllers[0], controllers[1])
            // The DualSense's axes are 0 … 255 (sticks at rest at 128): the dead zone is 31.
            let noise: [PadInputEvent] = [
                .axis(PadInputEvent.leftStickX, value: 150), .axis(PadInputEvent.leftStickX, value: 110),
                .axis(PadInputEvent.leftTrigger, value: 20), .button(PadInputEvent.southButton, pressed: false),
            ]
            for event in noise { #expect(!pads.registry.simulateInput(event, on: dualSense), "\(event)") }
            pads.registry.queue.sync {}
            #expect(GCController.current === xbox)
            #expect(notes.all == [.become(xbox)])

            #expect(pads.registry.simulateInput(.axis(PadInputEvent.leftStickX, value: 200), on: dualSense), "a push")
            pads.registry.queue.sync {}
            #expect(GCController.current === dualSense)
            // The Xbox pad's sticks span −32768 … 32767: 5 000 is drift, 9 000 a push.
            #expect(!pads.registry.simulateInput(.axis(PadInputEvent.leftStickX, value: 5_000), on: xbox))
            #expect(pads.registry.simulateInput(.axis(PadInputEvent.leftStickX, value: 9_000), on: xbox))
            pads.registry.queue.sync {}
            #expect(notes.all == [.become(xbox), .stop(xbox), .become(dualSense), .stop(dualSense), .become(xbox)])
        }

        /// Two pads whose nodes are FIFOs in a folder standing in for `/dev/input`: the registry's reader reads them
        /// as evdev nodes, and removing one is the pad unplugged.
        @Test func evdevPadsFollowTheirInputAndACurrentPadThatDisconnectsStopsBeingCurrent() throws {
            let folder = try Fixtures.temporaryDirectory()
            let a = try FakePadNode(path: folder.appendingPathComponent("event3").path)
            let b = try FakePadNode(path: folder.appendingPathComponent("event4").path)
            let probe: @Sendable (String) -> Result<EvdevCapabilities, DeviceError> = { path in
                guard FileManager.default.fileExists(atPath: path) else { return .failure(DeviceError(.notFound, "\(path) is gone")) }
                let name = path.hasSuffix("event3") ? "Pad A" : path.hasSuffix("event4") ? "Pad B" : "Pad C"
                return .success(
                    EvdevCapabilities(
                        path: path, name: name, supportsRumble: true, supportsPeriodicSine: false, supportsGain: false, effectSlots: 16,
                        hasGamepadButtons: true, vendorID: 0x1234, productID: 0xABCD, busType: 3))
            }
            let notes = Notes { $0.info.evdevPath != nil }
            let registry = ControllerRegistry(
                environment: ["HAPTIC_INPUT_DIR": folder.path], clock: .manual, probe: probe,
                makeDevice: { _ in RecordingDevice(capacityFrames: 4_800, profile: .twoMotorPad, supportsAudio: false) })
            ControllerRegistry.install(registry)
            defer { registry.shutdown() }
            let controllers = GCController.controllers()
            try #require(controllers.count == 2)
            let (padA, padB) = (controllers[0], controllers[1])
            #expect(notes.wait(for: 1) == [.become(padB)])

            a.send(Self.press)
            #expect(notes.wait(for: 3) == [.become(padB), .stop(padB), .become(padA)], "a press on pad A")
            #expect(GCController.current === padA)
            b.send([.button(PadInputEvent.southButton, pressed: true)])
            #expect(notes.wait(for: 5) == [.become(padB), .stop(padB), .become(padA), .stop(padA), .become(padB)])

            try FileManager.default.removeItem(atPath: b.path)
            let after = notes.wait(for: 7)
            #expect(after.suffix(2) == [.stop(padB), .become(padA)], "the unplugged pad stops being current; the one left is")
            #expect(after.count == 7)
            #expect(GCController.current === padA && GCController.controllers().count == 1)

            // A pad plugged in is current already when its GCControllerDidConnect arrives, then posted as such.
            let seenAsCurrent = LockedState<[Bool]>([])
            let token = NotificationCenter.default.addObserver(forName: .GCControllerDidConnect, object: nil, queue: nil) { note in
                guard let controller = note.object as? GCController, controller.info.evdevPath != nil else { return }
                seenAsCurrent.withLock { $0.append(GCController.current === controller) }
            }
            defer { NotificationCenter.default.removeObserver(token) }
            let c = try FakePadNode(path: folder.appendingPathComponent("event6").path)
            let plugged = notes.wait(for: 9)
            let padC = try #require(GCController.controllers().first { $0.vendorName == "Pad C" })
            #expect(plugged.suffix(2) == [.stop(padA), .become(padC)])
            #expect(seenAsCurrent.withLock { $0 } == [true])
            _ = c
        }
    }
}
