import Foundation
import HapticDevices
import HapticEngine
import HapticLinux
import HapticRender
import HapticSystem
import HapticTestSupport
import OpenCoreHaptics
import Testing

@testable import OpenGameController

/// Controllers coming and going: a folder stands in for `/dev/input` (inotify watches it), a probe says which nodes
/// are gamepads, and each controller plays into a recorder.
extension GameControllerSuites {
    @Suite struct ControllerHotPlugTests {
        /// Notifications of one name, with their controllers, in order.
        final class Observed: @unchecked Sendable {
            private let lock = NSLock()
            private var controllers: [GCController] = []
            private var token: NSObjectProtocol?

            /// Observes `name` for evdev controllers only (other suites' registries post their simulated controllers on
            /// the same center).
            init(_ name: NSNotification.Name) {
                token = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] note in
                    guard let self, let controller = note.object as? GCController, controller.info.evdevPath != nil else { return }
                    lock.lock()
                    controllers.append(controller)
                    lock.unlock()
                }
            }

            deinit { if let token { NotificationCenter.default.removeObserver(token) } }

            var all: [GCController] {
                lock.lock()
                defer { lock.unlock() }
                return controllers
            }

            /// Waits up to `seconds` for at least `count` notifications.
            func wait(for count: Int, seconds: Double = 5) -> [GCController] {
                let deadline = Date().addingTimeInterval(seconds)
                while all.count < count && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
                return all
            }
        }

        static func pad(_ path: String, name: String, product: UInt16) -> EvdevCapabilities {
            EvdevCapabilities(
                path: path, name: name, supportsRumble: true, supportsPeriodicSine: false, supportsGain: false, effectSlots: 16,
                hasGamepadButtons: true, vendorID: 0x045E, productID: product, busType: 3)
        }

        @Test func unplugStopsTheEnginesOnceAndReplugConnectsANewController() throws {
            let folder = try Fixtures.temporaryDirectory()
            // event3: a pad; event4: a vibrator without buttons (not a controller).
            let probe: @Sendable (String) -> Result<EvdevCapabilities, DeviceError> = { path in
                guard FileManager.default.fileExists(atPath: path) else { return .failure(DeviceError(.notFound, "\(path) is gone")) }
                if path.hasSuffix("event3") { return .success(Self.pad(path, name: "Test Pad", product: 0x0B12)) }
                var vibrator = Self.pad(path, name: "Test Vibrator", product: 0)
                vibrator.hasGamepadButtons = false
                return .success(vibrator)
            }
            #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent("event3").path, contents: nil))
            #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent("event4").path, contents: nil))
            let connects = Observed(.GCControllerDidConnect)
            let disconnects = Observed(.GCControllerDidDisconnect)
            let registry = ControllerRegistry(
                environment: ["HAPTIC_INPUT_DIR": folder.path], clock: .manual, probe: probe,
                makeDevice: { info in RecordingDevice(capacityFrames: 48_000, profile: .twoMotorPad, supportsAudio: false) })
            ControllerRegistry.install(registry)
            defer { registry.shutdown() }

            let first = try #require(GCController.controllers().first)
            #expect(GCController.controllers().count == 1, "the vibrator is not a controller")
            #expect(first.vendorName == "Test Pad" && first.productCategory == "Xbox One")
            #expect(connects.wait(for: 1).first === first, "a controller present at first use is posted as connected")

            let engine = try #require(first.haptics?.createEngine(withLocality: .leftHandle))
            let stops = LockedState<[CHHapticEngine.StoppedReason]>([])
            engine.stoppedHandler = { reason in stops.withLock { $0.append(reason) } }
            try engine.start()
            let player = try engine.makePlayer(with: try rumble(intensity: 1, sharpness: 0.5, seconds: 10))
            try player.start(atTime: CHHapticTimeImmediate)
            engine.advance(bySeconds: 0.1)
            let idle = try #require(first.haptics?.createEngine(withLocality: .rightHandle), "a second engine, never started")

            try FileManager.default.removeItem(at: folder.appendingPathComponent("event3"))
            #expect(disconnects.wait(for: 1).first === first)
            #expect(stops.withLock { $0 } == [.gameControllerDisconnect], "the running engine stopped once")
            #expect(GCController.controllers().isEmpty)
            #expect(first.haptics?.createEngine(withLocality: .default) == nil, "a disconnected controller makes no engines")
            #expect(throws: (any Error).self) { try player.start(atTime: 0) }
            _ = idle

            #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent("event3").path, contents: nil))
            let again = connects.wait(for: 2)
            #expect(again.count == 2)
            let second = try #require(again.last)
            #expect(second !== first, "a controller plugged in again is a new object")
            #expect(GCController.controllers().first === second && GCController.current === second)
            let fresh = try #require(second.haptics?.createEngine(withLocality: .handles))
            try fresh.start()
            try fresh.makePlayer(with: try rumble(intensity: 1, sharpness: 0.5, seconds: 0.1)).start(atTime: CHHapticTimeImmediate)
            fresh.advance(bySeconds: 0.2)
            fresh.stop()
            #expect(disconnects.all.count == 1)
            #expect(stops.withLock { $0 }.count == 1)
        }

        @Test func aPadUnpluggedRightAfterDiscoveryIsDisconnected() throws {
            let folder = try Fixtures.temporaryDirectory()
            #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent("event5").path, contents: nil))
            let probes = LockedState(0)
            // Discovery's probe sees the pad, which is unplugged before the monitor's first scan.
            let probe: @Sendable (String) -> Result<EvdevCapabilities, DeviceError> = { path in
                guard FileManager.default.fileExists(atPath: path) else { return .failure(DeviceError(.notFound, "\(path) is gone")) }
                if probes.withLock({ count in
                    count += 1
                    return count
                }) == 1 {
                    try? FileManager.default.removeItem(atPath: path)
                }
                return .success(Self.pad(path, name: "Brief Pad", product: 0x0B12))
            }
            let connects = Observed(.GCControllerDidConnect)
            let disconnects = Observed(.GCControllerDidDisconnect)
            let registry = ControllerRegistry(
                environment: ["HAPTIC_INPUT_DIR": folder.path], clock: .manual, probe: probe,
                makeDevice: { _ in RecordingDevice(capacityFrames: 4_800, profile: .twoMotorPad, supportsAudio: false) })
            ControllerRegistry.install(registry)
            defer { registry.shutdown() }
            // The first call may already find the pad gone (the removal is queued as discovery ends).
            _ = GCController.controllers()
            let found = try #require(connects.wait(for: 1).first, "discovery found the pad and posted it")
            #expect(disconnects.wait(for: 1).first === found, "and its unplugging is posted, though the monitor never saw it")
            #expect(GCController.controllers().isEmpty)
        }

        @Test func discoveryEndsWithItsCompletionHandler() throws {
            let registry = ControllerRegistry(
                environment: ["HAPTIC_CONTROLLERS": "simulated:generic"], clock: .manual, watchesHotPlug: false)
            ControllerRegistry.install(registry)
            let ended = LockedState(0)
            GCController.startWirelessControllerDiscovery { ended.withLock { $0 += 1 } }
            #expect(GCController.controllers().count == 1)
            GCController.stopWirelessControllerDiscovery()
            let deadline = Date().addingTimeInterval(5)
            while ended.withLock({ $0 }) == 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            Thread.sleep(forTimeInterval: 0.05)
            #expect(ended.withLock { $0 } == 1)
        }
    }
}
