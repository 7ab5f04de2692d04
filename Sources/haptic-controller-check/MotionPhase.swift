// Part 11 of haptic-controller-check (see main.swift): a DualSense's motion sensors and battery (issue 35, item 3).
// The USB DualSenses' sensors are turned on (`motion.sensorsActive`, which Apple's DualSense needs too); then the
// first emulated pad (dsemu ds1) is held in three poses through its FIFO (/tmp/ds1.input): 'f' lying flat and still,
// 'r' flat and turning anticlockwise seen from above, 'l' leaning and tumbling, each with its own battery state.
// hid-playstation reports the sensors on the pad's motion node (INPUT_PROP_ACCELEROMETER), which OpenGameController
// reads while the sensors are active; each pose is one call of `motion.valueChangedHandler`, which logs acceleration,
// gravity, userAcceleration and rotationRate. After the call the driver logs `battery.batteryLevel` and
// `batteryState`, which the emulator changed in a report before the pose's. Last, the sensors are turned off and the
// pad laid flat again: no handler may run. check.py computes what Apple's GameController gives for each pose.
#if os(Linux)
import Foundation
import HapticSystem
import OpenGameController

enum MotionPhase {
    /// The poses dsemu knows, in the order they are asked for: its FIFO byte and name.
    static let poses: [(key: UInt8, name: String)] = [
        (UInt8(ascii: "f"), "flat"), (UInt8(ascii: "r"), "turning"), (UInt8(ascii: "l"), "leaning"),
    ]

    /// Turns on the motion sensors of the USB DualSenses `dualSenses`, holds the pad behind /tmp/ds1.input in each pose
    /// (which of the pads it is is told by which one's handler runs) and logs what GCMotion and GCDeviceBattery read.
    static func run(_ dualSenses: [GCController]) {
        let queue = DispatchQueue(label: "haptic-controller-check.motion")
        let motions = dualSenses.compactMap(\.motion)
        guard motions.count == dualSenses.count else {
            fail("a USB DualSense without GCMotion (no motion-sensor node with INPUT_PROP_ACCELEROMETER beside its gamepad?)")
        }
        /// Handler calls, by pad index.
        let calls = LockedState([Int](repeating: 0, count: dualSenses.count))
        for (index, (controller, motion)) in zip(dualSenses, motions).enumerated() {
            let label = "DS\(index + 1)"
            log(
                "MOTION \(label) requiresManualActivation=\(motion.sensorsRequireManualActivation) active=\(motion.sensorsActive) hasRotationRate=\(motion.hasRotationRate) hasGravityAndUserAcceleration=\(motion.hasGravityAndUserAcceleration) hasAttitude=\(motion.hasAttitude)"
            )
            controller.handlerQueue = queue
            motion.valueChangedHandler = { motion in
                log(
                    "MOTION \(label) handler acceleration=\(triple(motion.acceleration)) gravity=\(triple(motion.gravity)) userAcceleration=\(triple(motion.userAcceleration)) rotationRate=\(triple(motion.rotationRate))"
                )
                calls.withLock { $0[index] += 1 }
                recorder.record { _ in }  // wakes wait(seconds:until:)
            }
            motion.sensorsActive = true
        }
        let input = EmulatorInput("/tmp/ds1.input", what: "the DualSense")
        defer { withExtendedLifetime(input) {} }  // open until the phase ends, as the emulator expects
        log("MOTION start")
        for (number, pose) in poses.enumerated() {
            log("MOTION ask pose=\(pose.name)")
            input.ask(pose.key)
            guard wait(seconds: 10, until: { calls.withLock { $0.reduce(0, +) } == number + 1 }) else {
                fail("no motion.valueChangedHandler within 10 s of the DualSense's pose '\(pose.name)'")
            }
            let moved = calls.withLock { counts in counts.indices.filter { counts[$0] > 0 } }
            guard moved.count == 1, let index = moved.first else { fail("more than one DualSense's motion handler ran: \(moved)") }
            guard let battery = dualSenses[index].battery else {
                fail("DS\(index + 1) has no GCDeviceBattery (no power_supply of type Battery under its HID device?)")
            }
            log("BATTERY DS\(index + 1) pose=\(pose.name) level=\(battery.batteryLevel) state=\(battery.batteryState.rawValue)")
        }
        for motion in motions { motion.sensorsActive = false }
        log("MOTION off: the pad laid flat again with its sensors inactive")
        input.ask(UInt8(ascii: "f"))
        sleep(seconds: 0.3)  // pacing: a handler call that should not happen would arrive now
        let last = motions.map { triple($0.acceleration) }.joined(separator: " ")
        log("MOTION end calls=\(calls.withLock { $0.reduce(0, +) }) active=\(motions.map(\.sensorsActive)) acceleration=\(last)")
    }

    /// "(x, y, z)" of an acceleration, with six decimals.
    static func triple(_ a: GCAcceleration) -> String { triple(a.x, a.y, a.z) }
    /// "(x, y, z)" of a rotation rate, with six decimals.
    static func triple(_ r: GCRotationRate) -> String { triple(r.x, r.y, r.z) }
    private static func triple(_ x: Double, _ y: Double, _ z: Double) -> String {
        "(\([x, y, z].map { String(format: "%.6f", $0) }.joined(separator: ", ")))"
    }
}
#endif
