import ArgumentParser
import Dispatch
import Foundation
import HapticDevices
import HapticLinux
import OpenGameController

/// `haptic trigger`: sets a DualSense's adaptive trigger to a mode through `GCDualSenseAdaptiveTrigger`, holds it so
/// a designer can feel it, then turns it off.
internal struct TriggerCommand: ParsableCommand {
    internal static let configuration = CommandConfiguration(
        commandName: "trigger",
        abstract: "Set a DualSense's adaptive trigger to a mode for a while, to feel it.",
        discussion: """
            Modes and their values (each 0 … 1, as GCDualSenseAdaptiveTrigger takes them):
              off
              feedback START STRENGTH
              weapon START END STRENGTH            (END after START)
              vibration START AMPLITUDE FREQUENCY
              slope START END START-STRENGTH END-STRENGTH
              strengths V1 … V10                   (a resistance per position)
              amplitudes V1 … V10 FREQUENCY        (a vibration amplitude per position)
            The trigger is turned off after --seconds, or at Ctrl-C. On Linux the effect is written to the pad's \
            hidraw node, which needs write access (`haptic devices` says whether it has it, and the udev rule if not). \
            A simulated DualSense (HAPTIC_CONTROLLERS=simulated:dualsense or simulated:dualsense-bt) writes nowhere: \
            each report it would receive is printed instead.
            """)

    @Option(help: "A game controller: its number in `haptic devices` (1, 2, …) or part of its name.")
    internal var controller: String

    @Option(help: "left, right or both.")
    internal var side: String = "right"

    @Option(help: "How long to hold the mode before turning it off, 0.1 … 3600 s.")
    internal var seconds: Double = 10

    @Argument(help: "The mode (off, feedback, weapon, vibration, slope, strengths, amplitudes).")
    internal var mode: String

    @Argument(help: "The mode's values, each 0 … 1.")
    internal var values: [String] = []

    /// The number of values each mode takes.
    private static let arity: [String: Int] = [
        "off": 0, "feedback": 2, "weapon": 3, "vibration": 3, "slope": 4, "strengths": 10, "amplitudes": 11,
    ]

    internal func validate() throws {
        guard let count = Self.arity[mode.lowercased()] else {
            throw ValidationError(
                "unknown mode '\(terminalSafe(mode))' (have: off, feedback, weapon, vibration, slope, strengths, amplitudes)")
        }
        guard values.count == count else {
            throw ValidationError("mode \(mode.lowercased()) takes \(count) value\(count == 1 ? "" : "s"), not \(values.count)")
        }
        _ = try numbers()
        guard ["left", "right", "both"].contains(side.lowercased()) else {
            throw ValidationError("--side must be left, right or both, not '\(terminalSafe(side))'")
        }
        guard seconds.isFinite, seconds >= 0.1, seconds <= 3600 else {
            throw ValidationError("--seconds must be 0.1 … 3600, not \(seconds)")
        }
    }

    /// The values as numbers, each checked to be 0 … 1.
    private func numbers() throws -> [Float] {
        try values.enumerated().map { index, text in
            guard let value = Float(text), value.isFinite, value >= 0, value <= 1 else {
                throw ValidationError("value \(index + 1) ('\(terminalSafe(text))') must be a number from 0 to 1")
            }
            return value
        }
    }

    internal func run() throws {
        let chosen = try PlaybackOutput.chooseController(controller, hint: Self.simulatedDualSenseHint)
        let name = chosen.vendorName ?? chosen.info.id
        guard let gamepad = chosen.extendedGamepad as? GCDualSenseGamepad else {
            // Point at what works: a DualSense that is connected, else a simulated one.
            let dualSenses = GCController.controllers().enumerated().filter { $0.element.extendedGamepad is GCDualSenseGamepad }
            let instead =
                dualSenses.isEmpty
                ? Self.simulatedDualSenseHint
                : "use --controller \(dualSenses.map { String($0.offset + 1) }.joined(separator: " or "))"
            printError(
                terminalSafe(
                    "haptic: error: \(name) (\(chosen.productCategory)) has no adaptive triggers: only a DualSense has them; \(instead)"))
            throw ExitCode(1)
        }
        // A simulated pad writes nowhere: show each report as the pad would receive it, so the output says what a
        // real pad would get.
        let simulated = gamepad.triggers.output as? SimulatedDualSenseTriggers
        let v = try numbers()
        let sides: [(String, GCDualSenseAdaptiveTrigger)] = [("left", gamepad.leftTrigger), ("right", gamepad.rightTrigger)]
            .filter { side.lowercased() == "both" || $0.0 == side.lowercased() }
        for (label, trigger) in sides {
            apply(mode.lowercased(), v, to: trigger)
            if let problem = trigger.lastProblem {
                printError(terminalSafe("haptic: error: the \(label) trigger of \(name) was not set: \(problem)"))
                throw ExitCode(1)
            }
            let effect = gamepad.triggers.effect(label == "left" ? .left : .right)
            print(terminalSafe("\(name): \(label) trigger \(trigger.mode) (effect bytes \(effect)) for \(seconds) s"))
            if let report = simulated?.reports.last { print(Self.reportLine(report)) }
        }
        let ended = DispatchSemaphore(value: 0)
        let interrupt = InterruptSignal { _ in ended.signal() }
        _ = ended.wait(timeout: .now() + seconds)
        interrupt.cancel()
        let sent = simulated?.reports.count ?? 0
        for (_, trigger) in sides { trigger.setModeOff() }
        print(terminalSafe("\(name): \(sides.map(\.0).joined(separator: " and ")) trigger off"))
        for report in simulated?.reports.dropFirst(sent) ?? [] { print(Self.reportLine(report)) }
        if let number = interrupt.signalNumber { throw ExitCode(128 + number) }
    }

    /// What to suggest when no DualSense is connected.
    private static let simulatedDualSenseHint = "HAPTIC_CONTROLLERS=simulated:dualsense simulates one"

    /// A simulated pad's report, in hex, as the pad would receive it.
    private static func reportLine(_ report: [UInt8]) -> String {
        "  simulated, sent nowhere: report \(report.map { String(format: "%02x", $0) }.joined(separator: " "))"
    }

    private func apply(_ mode: String, _ v: [Float], to trigger: GCDualSenseAdaptiveTrigger) {
        switch mode {
        case "feedback": trigger.setModeFeedbackWithStartPosition(v[0], resistiveStrength: v[1])
        case "weapon": trigger.setModeWeaponWithStartPosition(v[0], endPosition: v[1], resistiveStrength: v[2])
        case "vibration": trigger.setModeVibrationWithStartPosition(v[0], amplitude: v[1], frequency: v[2])
        case "slope": trigger.setModeSlopeFeedback(startPosition: v[0], endPosition: v[1], startStrength: v[2], endStrength: v[3])
        case "strengths":
            trigger.setModeFeedback(resistiveStrengths: .init(values: (v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9])))
        case "amplitudes":
            trigger.setModeVibration(
                amplitudes: .init(values: (v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9])), frequency: v[10])
        default: trigger.setModeOff()
        }
    }
}
