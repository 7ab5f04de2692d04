import Foundation
import HapticDevices
import HapticLinux
import OpenGameController

extension DeviceListing {
    /// A controller's light bar and player LEDs, as `devices` shows them.
    struct Light: Encodable {
        /// The colour the light bar shows, red, green and blue 0 … 1 (`nil`: it cannot be read, or there is none).
        var color: [Float]?
        /// Whether the pad has a light bar whose colour can be set (`GCController.light`).
        var hasColor: Bool
        /// How many player LEDs it has.
        var playerLEDs: Int
    }

    /// A controller's battery, as `devices` shows it.
    struct Battery: Encodable {
        /// The charge, 0 … 1.
        var level: Float
        /// `charging`, `discharging`, `full` or `unknown`.
        var state: String
    }

    /// A controller's motion sensors, as `devices` shows them.
    struct Motion: Encodable {
        /// The motion-sensor node (`nil` for a simulated pad).
        var node: String?
        /// Whether it measures rotation rate (a gyroscope); `nil` when its node could not be opened to ask.
        var hasRotationRate: Bool?
        /// Why the node could not be asked, or why `GCMotion` would ignore it.
        var problem: String?
    }

    /// Where `devices` reads a controller's light, battery and motion axes (tests give their own).
    struct PadFacts {
        /// The controller's light bar and player LEDs, or `nil` when it has neither.
        var lights: (ControllerInfo) -> (any PadLightOutput)?
        /// The controller's battery now, or `nil` when the system reports none.
        var battery: (ControllerInfo) -> PadBattery?
        /// The axes of a motion-sensor node, or `nil` when it cannot be opened.
        var motionAxes: (String) -> [UInt16: PadAxisRange]?

        /// The system's: `ControllerSource.linux(environment:)`'s lights and battery, the node's axes read with
        /// `EVIOCGABS`.
        static func system(environment: [String: String]) -> PadFacts {
            let source = ControllerSource.linux(environment: environment)
            #if os(Linux)
            let axes: (String) -> [UInt16: PadAxisRange]? = { EvdevAxisRanges.read(path: $0) }
            #else
            let axes: (String) -> [UInt16: PadAxisRange]? = { _ in nil }
            #endif
            return PadFacts(lights: source.lights, battery: source.readBattery, motionAxes: axes)
        }
    }

    /// What `devices` shows of `info`'s light, or `nil` when it has none.
    static func light(_ info: ControllerInfo, facts: PadFacts) -> Light? {
        guard let output = facts.lights(info) else { return nil }
        let color = output.hasColor ? output.currentColor.map { [$0.red, $0.green, $0.blue] } : nil
        return Light(color: color, hasColor: output.hasColor, playerLEDs: output.playerLEDCount)
    }

    /// What `devices` shows of `info`'s battery, or `nil` when the system reports none.
    static func battery(_ info: ControllerInfo, facts: PadFacts) -> Battery? {
        guard let battery = facts.battery(info) else { return nil }
        let state: String
        switch battery.state {
        case .charging: state = "charging"
        case .discharging: state = "discharging"
        case .full: state = "full"
        case .unknown: state = "unknown"
        }
        return Battery(level: battery.level, state: state)
    }

    /// What `devices` shows of `info`'s motion sensors, or `nil` when it has none.
    static func motion(_ info: ControllerInfo, facts: PadFacts) -> Motion? {
        guard info.hasMotion else { return nil }
        guard let path = info.motionPath else {
            let axes = info.simulation?.motionAxisRanges ?? [:]
            return Motion(node: nil, hasRotationRate: axes[0x03] != nil, problem: nil)
        }
        guard let axes = facts.motionAxes(path) else {
            return Motion(node: path, hasRotationRate: nil, problem: "cannot open \(path) to read its axes (permissions?)")
        }
        let hasGyroscope = (0x03...0x05).allSatisfy { axes[UInt16($0)] != nil }
        return Motion(node: path, hasRotationRate: hasGyroscope, problem: GCMotion.problem(ofRanges: axes).map { "ignored: \($0)" })
    }

    /// The text lines of a controller's profile, light, battery and motion.
    static func padLines(_ c: Controller) -> [String] {
        var lines = ["      input profile: \(c.inputProfile)"]
        if let light = c.light {
            var parts: [String] = []
            if light.hasColor {
                parts.append(
                    light.color.map {
                        "light bar showing " + String(format: "#%02x%02x%02x", Self.byte($0[0]), Self.byte($0[1]), Self.byte($0[2]))
                    }
                        ?? "light bar (colour unknown)")
            }
            if light.playerLEDs > 0 { parts.append("\(light.playerLEDs) player LEDs") }
            lines.append("      light: \(parts.isEmpty ? "none" : parts.joined(separator: ", "))")
        } else {
            lines.append("      light: none")
        }
        if let battery = c.battery {
            lines.append("      battery: \(Int((battery.level * 100).rounded())) %, \(battery.state)")
        } else {
            lines.append("      battery: unknown (the system reports none for it)")
        }
        if let motion = c.motion {
            let rate =
                switch motion.hasRotationRate {
                case true?: "accelerometer and gyroscope (rotation rate)"
                case false?: "accelerometer only (no rotation rate)"
                case nil: "rotation rate unknown"
                }
            let node = motion.node.map { " through \($0)" } ?? " (simulated)"
            lines.append("      motion: \(rate)\(node)\(motion.problem.map { "; \($0)" } ?? "")")
        } else {
            lines.append("      motion: none")
        }
        return lines
    }

    private static func byte(_ value: Float) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }
}
