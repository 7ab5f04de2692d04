import ArgumentParser
import HapticDevices
import OpenCoreHaptics
import OpenGameController

/// Where `play` plays: a device, as `--device` names it, or one locality of a game controller (`--controller`,
/// `--locality`), each through the engine an app would make for it.
internal struct PlaybackOutput {
    /// The output's ID, for messages.
    internal var id: String
    /// The output's name, for messages.
    internal var name: String
    /// Makes the (stopped) engine that plays there; throws `ExitCode(1)` after printing why it cannot.
    internal var makeEngine: () throws -> CHHapticEngine

    /// A device: `CHHapticEngine` configured for it as `CHHapticEngine()` would be.
    internal init(device: any HapticDevice) {
        id = device.info.id
        name = device.info.name
        makeEngine = { LivePlayback.makeEngine(for: device) }
    }

    /// The locality names `--locality` accepts, with their values.
    internal static let localities: [(String, GCHapticsLocality)] = [
        ("default", .default), ("all", .all), ("handles", .handles), ("leftHandle", .leftHandle), ("rightHandle", .rightHandle),
        ("triggers", .triggers), ("leftTrigger", .leftTrigger), ("rightTrigger", .rightTrigger),
    ]

    /// The names, in order.
    internal static var localityNames: [String] { localities.map(\.0) }

    /// The locality `--locality` names (its Swift name, or Apple's raw value such as "Left Handle").
    internal static func locality(named name: String) -> GCHapticsLocality? {
        localities.first { $0.0.lowercased() == name.lowercased() || $0.1.rawValue.lowercased() == name.lowercased() }?.1
    }

    /// The engine of `locality` on the controller `selector` names: its number in `GCController.controllers()`
    /// (from 1), or part of its name or ID.
    ///
    /// - Throws: `ExitCode(1)` after printing what is wrong (no such controller, a locality it cannot play).
    internal static func controller(_ selector: String, locality: GCHapticsLocality) throws -> PlaybackOutput {
        let controller = try chooseController(selector)
        let name = controller.vendorName ?? controller.info.id
        guard let haptics = controller.haptics, haptics.supportedLocalities.contains(locality) else {
            let supported = localities.filter { controller.haptics?.supportedLocalities.contains($0.1) ?? false }.map(\.0)
            printError(
                terminalSafe(
                    "haptic: error: \(name) has no \(locality.rawValue) actuators (it supports: \(supported.joined(separator: ", ")))"))
            throw ExitCode(1)
        }
        return PlaybackOutput(id: "\(controller.info.id) (\(locality.rawValue))", name: name) {
            // A supported locality makes an engine while the controller is connected.
            guard let engine = haptics.createEngine(withLocality: locality) else {
                printError(terminalSafe("haptic: error: \(name) disconnected"))
                throw ExitCode(1)
            }
            return engine
        }
    }

    /// What `HAPTIC_CONTROLLERS` value to suggest when no controller is connected: a simulated pad of a kind that
    /// can do what was asked.
    internal static let simulatedPadHint = "HAPTIC_CONTROLLERS=simulated:xbox adds a simulated one"

    /// The controller `selector` names: its number in `GCController.controllers()` (from 1), or part of its name or ID.
    ///
    /// - Parameter hint: what to suggest when no controller is connected (``simulatedPadHint`` by default).
    /// - Throws: `ExitCode(1)` after printing the controllers there are.
    internal static func chooseController(_ selector: String, hint: String = simulatedPadHint) throws -> GCController {
        let controllers = GCController.controllers()
        let chosen: GCController?
        if let number = Int(selector) {
            chosen = number >= 1 && number <= controllers.count ? controllers[number - 1] : nil
        } else {
            chosen = controllers.first {
                ($0.vendorName ?? "").lowercased().contains(selector.lowercased()) || $0.info.id == selector
            }
        }
        guard let controller = chosen else {
            let known = controllers.enumerated().map { "\($0.offset + 1): \($0.element.vendorName ?? $0.element.info.id)" }
            printError(
                terminalSafe(
                    "haptic: error: no game controller '\(selector)' (\(known.isEmpty ? "none is connected; \(hint)" : known.joined(separator: ", ")))"
                ))
            throw ExitCode(1)
        }
        return controller
    }

    private init(id: String, name: String, makeEngine: @escaping () throws -> CHHapticEngine) {
        self.id = id
        self.name = name
        self.makeEngine = makeEngine
    }
}
