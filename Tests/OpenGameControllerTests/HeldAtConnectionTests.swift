import Foundation
import HapticDevices
import HapticLinux
import HapticSystem
import HapticTestSupport
import Testing

@testable import OpenGameController

/// A pad's present state at its connection (issue 35): HapticLinux's reader opens the pad's node and delivers the
/// buttons held and the axes away from their rest before `GCControllerDidConnect` is posted, so an app that reads
/// `buttonA.isPressed` in its connect observer sees a button held while the pad was plugged in. The pads are FIFOs
/// read by a `PadInputReader` whose hooks stand for `EVIOCGKEY` and `EVIOCGABS` (a FIFO answers neither).
extension GameControllerSuites {
    @Suite struct HeldAtConnectionTests {
        /// The pads' input through a `PadInputReader` over FIFOs, each node's held buttons and axes set by the test.
        final class FIFOPadInput: PadInputReading {
            private let reader: PadInputReader
            private let ids = LockedState<[String: String]>([:])

            init(
                keys: [String: [UInt16]], axes: [String: [UInt16: PadAxisRange]], handler: @escaping @Sendable (PadInputBatch) -> Void
            ) {
                // The hooks get the descriptor: /proc says which FIFO it is.
                @Sendable func path(_ fd: Int32) -> String {
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")) ?? ""
                }
                let ids = ids
                reader = PadInputReader(axisReader: { axes[path($0)] ?? [:] }, keyReader: { keys[path($0)] ?? [] }) {
                    path, events, isUse, ranges in
                    guard let id = ids.withLock({ $0[path] }) else { return }
                    handler(PadInputBatch(controllerID: id, events: events, isUse: isUse, axes: ranges))
                }
            }

            func watch(_ controller: ControllerInfo) {
                guard let path = controller.evdevPath else { return }
                ids.withLock { $0[path] = controller.id }
                reader.watch(path: path)
            }
            func forget(_ controller: ControllerInfo) {
                guard let path = controller.evdevPath else { return }
                reader.forget(path: path)
            }
            func stop() { reader.stop() }
        }

        /// What a `GCControllerDidConnect` observer read, by pad name.
        struct Seen: Sendable, Equatable {
            var buttonA: Bool
            var leftStick: (x: Float, y: Float)
            var rightStick: (x: Float, y: Float)
            var leftTrigger: Float
            var dpad: (x: Float, y: Float)
            var isCurrent: Bool
            static func == (a: Seen, b: Seen) -> Bool {
                a.buttonA == b.buttonA && a.leftStick == b.leftStick && a.rightStick == b.rightStick && a.leftTrigger == b.leftTrigger
                    && a.dpad == b.dpad && a.isCurrent == b.isCurrent
            }
        }

        /// Pads `names` (FIFOs in a fresh folder, held buttons `keys` and axes `axes` by name) found at discovery, with
        /// what each one's connect observer read, and the registry (the caller shuts it down).
        static func connect(
            _ names: [String], keys: [String: [UInt16]], axes: [String: [UInt16: PadAxisRange]]
        ) throws -> (seen: [String: Seen], current: String?, registry: ControllerRegistry, nodes: [FakePadNode]) {
            let folder = try Fixtures.temporaryDirectory()
            let nodes = try names.map { try FakePadNode(path: folder.appendingPathComponent($0).path) }
            let infos = zip(names, nodes).map { name, node in
                ControllerDiscovery.controller(
                    EvdevCapabilities(
                        path: node.path, name: name, supportsRumble: true, supportsPeriodicSine: false, supportsGain: false,
                        effectSlots: 16,
                        hasGamepadButtons: true, vendorID: 0x1234, productID: 0xABCD, busType: 3), sysfsRoot: folder.path,
                    hidrawDirectory: folder.path)
            }
            let keysByPath = Dictionary(uniqueKeysWithValues: zip(names, nodes).map { ($1.path, keys[$0] ?? []) })
            let axesByPath = Dictionary(uniqueKeysWithValues: zip(names, nodes).map { ($1.path, axes[$0] ?? [:]) })
            let source = ControllerSource(
                discover: { ControllerSource.Discovery(controllers: infos) },
                makeDevice: { _ in RecordingDevice(capacityFrames: 4_800, profile: .twoMotorPad, supportsAudio: false) },
                readInput: { handler in FIFOPadInput(keys: keysByPath, axes: axesByPath, handler: handler) })
            let registry = ControllerRegistry(source: source, clock: .manual, watchesHotPlug: false)
            let seen = LockedState<[String: Seen]>([:])
            let token = NotificationCenter.default.addObserver(forName: .GCControllerDidConnect, object: nil, queue: nil) { note in
                guard let controller = note.object as? GCController, let name = controller.vendorName, names.contains(name),
                    let pad = controller.extendedGamepad
                else { return }
                let read = Seen(
                    buttonA: pad.buttonA.isPressed, leftStick: (pad.leftThumbstick.xAxis.value, pad.leftThumbstick.yAxis.value),
                    rightStick: (pad.rightThumbstick.xAxis.value, pad.rightThumbstick.yAxis.value), leftTrigger: pad.leftTrigger.value,
                    dpad: (pad.dpad.xAxis.value, pad.dpad.yAxis.value), isCurrent: false)
                seen.withLock { $0[name] = read }
            }
            defer { NotificationCenter.default.removeObserver(token) }
            ControllerRegistry.install(registry)
            _ = GCController.controllers()
            // Notifications go out on the registry's queue: once a block queued after them has run, they were posted.
            registry.queue.sync {}
            let current = GCController.current?.vendorName
            return (seen.withLock { $0 }, current, registry, nodes)
        }

        static let xboxStick = PadAxisRange(minimum: -32_768, maximum: 32_767, flat: 128)

        @Test func aButtonHeldAsThePadIsPluggedInIsPressedInTheConnectObserverAndMakesThePadCurrent() throws {
            // Pad A has its button A held; pad B, found after it, would be current by its connection alone.
            let (seen, current, registry, _) = try Self.connect(
                ["Held Pad", "Idle Pad"], keys: ["Held Pad": [KernelGamepadLayout.Code.south]], axes: [:])
            defer { registry.shutdown() }
            #expect(seen["Held Pad"]?.buttonA == true, "\(String(describing: seen["Held Pad"]))")
            #expect(seen["Idle Pad"]?.buttonA == false)
            #expect(current == "Held Pad", "a held button is the player's use: that pad is current")
        }

        @Test func aStickDeflectedAtTheConnectionIsWhereItIsAndAPadAtRestReadsZeroEverywhere() throws {
            let deflected: [UInt16: PadAxisRange] = [
                KernelGamepadLayout.Code.x: PadAxisRange(minimum: -32_768, maximum: 32_767, flat: 128, value: 32_767),
                KernelGamepadLayout.Code.y: Self.xboxStick,
            ]
            // At rest, with no flat band: an xpad-like stick at 0 of −32768 … 32767, a hid-playstation-like one at 128 of
            // 0 … 255 (each half a unit from the middle), a trigger at 0 and the hat at 0.
            let rest: [UInt16: PadAxisRange] = [
                KernelGamepadLayout.Code.x: PadAxisRange(minimum: -32_768, maximum: 32_767, value: 0),
                KernelGamepadLayout.Code.y: PadAxisRange(minimum: -32_768, maximum: 32_767, value: -1),
                KernelGamepadLayout.Code.rx: PadAxisRange(minimum: 0, maximum: 255, value: 128),
                KernelGamepadLayout.Code.ry: PadAxisRange(minimum: 0, maximum: 255, value: 127),
                KernelGamepadLayout.Code.z: PadAxisRange(minimum: 0, maximum: 255, value: 0),
                KernelGamepadLayout.Code.hat0x: PadAxisRange(minimum: -1, maximum: 1, value: 0),
                KernelGamepadLayout.Code.hat0y: PadAxisRange(minimum: -1, maximum: 1, value: 0),
            ]
            let (seen, current, registry, _) = try Self.connect(
                ["Pushed Pad", "Rest Pad"], keys: [:], axes: ["Pushed Pad": deflected, "Rest Pad": rest])
            defer { registry.shutdown() }
            #expect(seen["Pushed Pad"]?.leftStick.x == 1, "\(String(describing: seen["Pushed Pad"]))")
            #expect(seen["Pushed Pad"]?.leftStick.y == 0)
            let zero = Seen(buttonA: false, leftStick: (0, 0), rightStick: (0, 0), leftTrigger: 0, dpad: (0, 0), isCurrent: false)
            #expect(seen["Rest Pad"] == zero, "\(String(describing: seen["Rest Pad"]))")
            #expect(current == "Rest Pad", "a deflected stick is not a use: the last pad connected is current")
        }
    }
}
