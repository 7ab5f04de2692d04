import Dispatch
import Foundation
import HapticDevices
import HapticSystem
import Testing

@testable import OpenGameController

extension GameControllerSuites {
    /// `GCMotion` (issue 35, item 3): a pad's motion-sensor node read while the game has its sensors active, in
    /// Apple's units (g, radians per second) and axes, with gravity split off by a low-pass filter.
    @Suite struct MotionTests {
        static let pad = ControllerInfo(
            id: "scripted:ds", name: "Scripted DualSense", category: .dualSense, actuators: .twoHandles, hapticDeviceID: "scripted:ds",
            evdevPath: "/dev/input/event5", motionPath: "/dev/input/event6")
        static let plain = ControllerInfo(
            id: "scripted:xpad", name: "Scripted Xbox Pad", category: .xboxOne, actuators: .twoHandles, hapticDeviceID: "scripted:xpad",
            evdevPath: "/dev/input/event7")
        /// hid-playstation's motion node: ±4 g at 8192 per g, ±2048 °/s at 1024 per °/s.
        static let dualSenseRanges = SimulatedControllerSpec(model: .dualsense, hasMotion: true).motionAxisRanges

        /// Motion handler calls, recorded on a queue of the test's own.
        final class Readings: @unchecked Sendable {
            // @unchecked: `values` is behind the condition's lock.
            let queue = DispatchQueue(label: "MotionTests.handlers")
            private let condition = NSCondition()
            private var values: [(acceleration: GCAcceleration, rotation: GCRotationRate)] = []

            func add(_ motion: GCMotion) {
                dispatchPrecondition(condition: .onQueue(queue))
                condition.lock()
                values.append((motion.acceleration, motion.rotationRate))
                condition.broadcast()
                condition.unlock()
            }

            /// Waits (on the condition, up to 10 s) until `count` calls were recorded.
            func wait(for count: Int) -> [(acceleration: GCAcceleration, rotation: GCRotationRate)] {
                let deadline = Date(timeIntervalSinceNow: 10)
                condition.lock()
                defer { condition.unlock() }
                while values.count < count, condition.wait(until: deadline) {}
                return values
            }

            /// The calls so far, once every handler call queued before now has run.
            var settled: Int {
                queue.sync {}
                return wait(for: 0).count
            }
        }

        private func watch(_ motion: GCMotion, on controller: GCController) -> Readings {
            let readings = Readings()
            controller.handlerQueue = readings.queue
            motion.valueChangedHandler = { [readings] motion in readings.add(motion) }
            return readings
        }

        private func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

        @Test func aPadsMotionNodeGivesAppleUnitsAndAxesOnTheHandlerQueue() throws {
            let scripted = ScriptedControllerSource([Self.pad, Self.plain])
            let registry = ControllerRegistry(source: scripted.source, clock: .manual, watchesHotPlug: false)
            defer { registry.shutdown() }
            let controller = try #require(registry.controllers().first)
            let plain = try #require(registry.controllers().last)
            #expect(registry.mostRecent() === plain, "the last connected is current")
            let motion = try #require(controller.motion)
            #expect(motion.controller === controller)
            #expect(motion.sensorsRequireManualActivation && !motion.sensorsActive)
            #expect(motion.hasGravityAndUserAcceleration && motion.hasRotationRate && !motion.hasAttitude)
            #expect(motion.attitude == GCQuaternion(x: 0, y: 0, z: 0, w: 1))
            #expect(scripted.motionRead.isEmpty, "the node is not read until the game asks")
            let readings = watch(motion, on: controller)
            motion.sensorsActive = true
            #expect(scripted.motionRead == [Self.pad.id])

            // Lying flat (the accelerometer feels +1 g up its y), turning anticlockwise at 90 °/s about y.
            scripted.send(
                Self.pad.id, [.axis(0x01, value: 8_192), .axis(0x04, value: 90 * 1_024), .report], isUse: true,
                axes: Self.dualSenseRanges, node: .motion)
            var calls = readings.wait(for: 1)
            try #require(calls.count == 1)
            #expect(calls[0].acceleration == GCAcceleration(x: 0, y: -1, z: 0), "gravity pulls down: Apple's sign")
            #expect(near(calls[0].rotation.z, .pi / 2) && calls[0].rotation.x == 0 && calls[0].rotation.y == 0, "radians per second")
            #expect(motion.gravity == motion.acceleration && motion.userAcceleration == GCAcceleration(), "the first report is gravity")

            // A 2 g push along the pad's x, rolling at 180 °/s about x and 45 °/s about the pad's z (Apple's −y).
            scripted.send(
                Self.pad.id, [.axis(0x00, value: 16_384), .axis(0x03, value: 180 * 1_024), .axis(0x05, value: 45 * 1_024), .report],
                isUse: false, axes: Self.dualSenseRanges, node: .motion)
            calls = readings.wait(for: 2)
            try #require(calls.count == 2)
            #expect(calls[1].acceleration == GCAcceleration(x: -2, y: -1, z: 0))
            #expect(near(calls[1].rotation.x, .pi) && near(calls[1].rotation.y, -.pi / 4) && near(calls[1].rotation.z, .pi / 2))
            #expect(near(motion.gravity.x, -2 * GCMotion.gravityFilter) && near(motion.gravity.y, -1), "gravity moves 1/32 of the way")
            #expect(near(motion.userAcceleration.x, -2 + 2 * GCMotion.gravityFilter) && near(motion.userAcceleration.y, 0))
            #expect(registry.mostRecent() === plain, "motion is never a use of the pad, even a batch the reader judged one")
        }

        @Test func inactiveSensorsDeliverNothing() throws {
            let (scripted, registry, controller) = try ScriptedControllerSource.connect(Self.pad)
            defer { registry.shutdown() }
            let motion = try #require(controller.motion)
            let readings = watch(motion, on: controller)
            let tilt: [PadInputEvent] = [.axis(0x00, value: 4_096), .axis(0x03, value: 1_024), .report]
            scripted.send(Self.pad.id, tilt, isUse: false, axes: Self.dualSenseRanges, node: .motion)
            #expect(readings.settled == 0 && motion.acceleration == GCAcceleration() && motion.rotationRate == GCRotationRate())

            motion.sensorsActive = true
            scripted.send(Self.pad.id, tilt, isUse: false, axes: Self.dualSenseRanges, node: .motion)
            #expect(readings.wait(for: 1).count == 1 && motion.acceleration.x == -0.5)
            motion.sensorsActive = false
            #expect(scripted.motionRead.isEmpty, "turned off: the node is no longer read")
            scripted.send(Self.pad.id, [.axis(0x00, value: 0), .report], isUse: false, axes: Self.dualSenseRanges, node: .motion)
            #expect(readings.settled == 1 && motion.acceleration.x == -0.5, "the values stay as they were")
            // On again: the first report sets gravity outright (the filter restarts), then it is filtered again.
            motion.sensorsActive = true
            #expect(scripted.motionRead == [Self.pad.id])
            scripted.send(Self.pad.id, [.axis(0x02, value: 8_192), .report], isUse: false, axes: Self.dualSenseRanges, node: .motion)
            #expect(readings.wait(for: 2).count == 2)
            #expect(motion.acceleration == GCAcceleration(x: 0, y: 0, z: -1) && motion.gravity == motion.acceleration)
            #expect(motion.userAcceleration == GCAcceleration())

            let (_, otherRegistry, plain) = try ScriptedControllerSource.connect(Self.plain)
            defer { otherRegistry.shutdown() }
            #expect(plain.motion == nil, "no motion node: no motion")
        }

        @Test func aBadResolutionIsRefused() throws {
            for (code, resolution) in [(UInt16(0x00), Int32(0)), (0x02, -8_192), (0x04, 2_000_000)] {
                let (scripted, registry, controller) = try ScriptedControllerSource.connect(Self.pad)
                defer { registry.shutdown() }
                let motion = try #require(controller.motion)
                let readings = watch(motion, on: controller)
                motion.sensorsActive = true
                var ranges = Self.dualSenseRanges
                ranges[code]?.resolution = resolution
                scripted.send(
                    Self.pad.id, [.axis(0x00, value: 8_192), .axis(0x03, value: 1_024), .report], isUse: false, axes: ranges, node: .motion)
                #expect(readings.settled == 0 && motion.acceleration == GCAcceleration() && motion.rotationRate == GCRotationRate())
                let problem = try #require(motion.problem, "resolution \(resolution)")
                #expect(problem.contains("resolution \(resolution)"), "\(problem)")
                #expect(scripted.motionRead.isEmpty, "the refused node is no longer read")
                scripted.send(Self.pad.id, [.axis(0x00, value: 8_192), .report], isUse: false, axes: Self.dualSenseRanges, node: .motion)
                #expect(readings.settled == 0, "ignored from then on")
            }
            #expect(throws: MotionSensorScale.Problem.self) { try MotionSensorScale(ranges: [:]) }
            var noGyro = Self.dualSenseRanges
            for code: UInt16 in 3...5 { noGyro[code] = nil }
            #expect(try MotionSensorScale(ranges: noGyro).unitsPerDegreePerSecond == nil)
        }

        @Test func aSimulatedPadDeclaredWithMotionTakesScriptedSensorEvents() throws {
            let registry = ControllerRegistry(
                environment: ["HAPTIC_CONTROLLERS": "simulated:dualsense+motion,simulated:xbox"], clock: .manual, watchesHotPlug: false)
            ControllerRegistry.install(registry)
            defer { registry.shutdown() }
            let pads = GCController.controllers().filter { $0.info.isSimulated }
            try #require(pads.count == 2)
            let (dualSense, xbox) = (pads[0], pads[1])
            #expect(xbox.motion == nil && !registry.simulateMotion([.axis(0x00, value: 1)], on: xbox))
            let motion = try #require(dualSense.motion)
            let readings = watch(motion, on: dualSense)
            #expect(registry.simulateMotion([.axis(0x01, value: -8_192), .report], on: dualSense))
            #expect(readings.settled == 0, "inactive")
            motion.sensorsActive = true
            #expect(registry.simulateMotion([.axis(0x01, value: -8_192), .axis(0x05, value: -1_024), .report], on: dualSense))
            let calls = readings.wait(for: 1)
            try #require(calls.count == 1)
            #expect(calls[0].acceleration == GCAcceleration(x: 0, y: 1, z: 0), "upside down")
            #expect(near(calls[0].rotation.y, .pi / 180))

            let snapshot = dualSense.capture()
            let copy = try #require(snapshot.motion)
            #expect(copy !== motion && copy.acceleration == motion.acceleration && copy.rotationRate == motion.rotationRate)
            copy.setGravity(GCAcceleration(x: 0, y: 0, z: -1))
            #expect(copy.gravity.z == -1)
            motion.setGravity(GCAcceleration(x: 0, y: 0, z: -1))
            #expect(motion.gravity.z == 0, "a pad's own motion is set by its sensors only")
        }
    }
}
